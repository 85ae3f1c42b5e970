import { cn } from '../../../lib/cn.ts';

/** A contact's picture, or their initial when there is none. */
export function ContactAvatar({
  name,
  pictureUrl,
  className,
}: {
  name: string;
  pictureUrl: string | null;
  className?: string;
}) {
  const classes = cn('size-9 shrink-0 rounded-full object-cover', className);
  return pictureUrl ? (
    <img src={pictureUrl} alt="" className={classes} loading="lazy" />
  ) : (
    <span
      aria-hidden
      className={cn(classes, 'grid place-items-center bg-muted text-sm font-medium')}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
