// Lucide ships no brand marks, so the two platforms get small simplified glyphs of their own.

export type MarketingPlatform = 'facebook' | 'instagram';

export const PLATFORM_LABEL: Record<MarketingPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
};

export function PlatformIcon({
  platform,
  className = 'size-4',
}: {
  platform: MarketingPlatform;
  className?: string;
}) {
  if (platform === 'facebook') {
    return (
      <svg
        viewBox="0 0 24 24"
        className={`text-facebook ${className}`}
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path
          d="M13.4 19v-6h2l.3-2.4h-2.3V9.1c0-.7.2-1.2 1.2-1.2h1.2V5.8a16 16 0 0 0-1.8-.1c-1.8 0-3 1.1-3 3.1v1.8H9V13h2V19z"
          fill="#fff"
        />
      </svg>
    );
  }
  return (
    <svg
      viewBox="0 0 24 24"
      className={`text-instagram ${className}`}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
    >
      <rect x="3" y="3" width="18" height="18" rx="5.5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="1.1" fill="currentColor" stroke="none" />
    </svg>
  );
}
