import { useId, type SVGProps } from 'react';

// The two platforms' marks, drawn simply (the icon set has no brand logos).

export function FacebookIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden {...props}>
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill="#fff"
        d="M13.4 19.5v-6.1h2.05l.31-2.38H13.4V9.5c0-.69.19-1.16 1.18-1.16h1.26V6.22a17 17 0 0 0-1.84-.1c-1.82 0-3.07 1.11-3.07 3.16v1.75H8.87v2.38h2.06v6.1z"
      />
    </svg>
  );
}

export function InstagramIcon(props: SVGProps<SVGSVGElement>) {
  // An id of its own per icon: ids are page-wide, and with a shared one every icon would paint
  // with the first one's gradient, and with none once that icon is hidden.
  const gradientId = `ig-gradient${useId()}`;
  return (
    <svg viewBox="0 0 24 24" aria-hidden {...props}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#FEDA75" />
          <stop offset=".35" stopColor="#FA7E1E" />
          <stop offset=".6" stopColor="#D62976" />
          <stop offset=".8" stopColor="#962FBF" />
          <stop offset="1" stopColor="#4F5BD5" />
        </linearGradient>
      </defs>
      <rect width="24" height="24" rx="6" fill={`url(#${gradientId})`} />
      <rect
        x="5.5"
        y="5.5"
        width="13"
        height="13"
        rx="4"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
      />
      <circle cx="12" cy="12" r="3.1" fill="none" stroke="#fff" strokeWidth="1.6" />
      <circle cx="16.1" cy="7.9" r=".95" fill="#fff" />
    </svg>
  );
}

export function PlatformIcon({
  platform,
  ...props
}: SVGProps<SVGSVGElement> & { platform: 'facebook' | 'instagram' }) {
  return platform === 'facebook' ? <FacebookIcon {...props} /> : <InstagramIcon {...props} />;
}
