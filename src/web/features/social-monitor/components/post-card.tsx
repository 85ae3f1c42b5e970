import { ExternalLink, ImageIcon } from 'lucide-react';
import type { ThreadPost } from '#shared/contracts/inbox.contract.ts';
import { formatWhen, useBusinessTimeZone } from '../lib/format.ts';

/** The post a comment thread is under: its picture, caption and a link to it on the platform. */
export function PostCard({ post, platformName }: { post: ThreadPost; platformName: string }) {
  const timeZone = useBusinessTimeZone();
  return (
    <section
      aria-label="The post"
      className="flex min-w-0 gap-3 rounded-lg border border-border bg-muted/40 p-3"
    >
      {post.thumbnailUrl ? (
        <img
          src={post.thumbnailUrl}
          alt="The post's picture"
          className="size-16 shrink-0 rounded-md object-cover"
        />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <ImageIcon aria-hidden className="size-6" />
        </span>
      )}
      <div className="grid min-w-0 flex-1 content-start gap-1">
        <p className="line-clamp-3 text-sm break-words">
          {post.caption || 'A post without a caption'}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
          {post.publishedAt ? <span>Posted {formatWhen(post.publishedAt, timeZone)}</span> : null}
          {post.permalink ? (
            <a
              href={post.permalink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-link hover:underline"
            >
              View on {platformName}
              <ExternalLink aria-hidden className="size-3" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </p>
      </div>
    </section>
  );
}
