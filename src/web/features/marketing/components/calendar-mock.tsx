import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { PlatformIcon, type MarketingPlatform } from './platform-icon.tsx';
import { StatusChip, type PostStatus } from './status-chip.tsx';

interface MockPost {
  time: string;
  title: string;
  platform: MarketingPlatform;
  status: PostStatus;
  label: string;
}

interface MockDay {
  day: string;
  date: number;
  today?: boolean;
  posts: MockPost[];
}

const WEEK: MockDay[] = [
  {
    day: 'Mon',
    date: 9,
    posts: [
      {
        time: '09:00',
        title: 'New autumn menu',
        platform: 'instagram',
        status: 'published',
        label: 'Published',
      },
    ],
  },
  {
    day: 'Tue',
    date: 10,
    posts: [
      {
        time: '12:30',
        title: 'Meet the baker',
        platform: 'facebook',
        status: 'published',
        label: 'Published',
      },
    ],
  },
  {
    day: 'Wed',
    date: 11,
    today: true,
    posts: [
      {
        time: '08:15',
        title: 'Behind the counter reel',
        platform: 'instagram',
        status: 'failed',
        label: 'Failed — token expired',
      },
      {
        time: '18:00',
        title: 'Quiz night reminder',
        platform: 'facebook',
        status: 'scheduled',
        label: 'Scheduled',
      },
    ],
  },
  { day: 'Thu', date: 12, posts: [] },
  {
    day: 'Fri',
    date: 13,
    posts: [
      {
        time: '11:00',
        title: 'Weekend brunch hours',
        platform: 'facebook',
        status: 'scheduled',
        label: 'Scheduled',
      },
      {
        time: '17:30',
        title: 'Pumpkin latte is back',
        platform: 'instagram',
        status: 'scheduled',
        label: 'Scheduled',
      },
    ],
  },
  {
    day: 'Sat',
    date: 14,
    posts: [
      {
        time: '10:00',
        title: 'Market stall today',
        platform: 'instagram',
        status: 'scheduled',
        label: 'Scheduled',
      },
    ],
  },
  { day: 'Sun', date: 15, posts: [] },
];

const PLATFORM_EDGE: Record<MarketingPlatform, string> = {
  facebook: 'border-l-facebook',
  instagram: 'border-l-instagram',
};

function PostCard({ post }: { post: MockPost }) {
  return (
    <div
      className={`rounded-md border border-border border-l-4 bg-card p-2 shadow-xs ${PLATFORM_EDGE[post.platform]}`}
    >
      <div className="flex items-center gap-1.5 text-[11px] text-muted-foreground">
        <PlatformIcon platform={post.platform} className="size-3.5 shrink-0" />
        <span className="tabular-nums">{post.time}</span>
      </div>
      <p className="mt-1 text-xs leading-4 font-medium text-card-foreground">{post.title}</p>
      <div className="mt-1.5">
        <StatusChip status={post.status}>{post.label}</StatusChip>
      </div>
    </div>
  );
}

const DESCRIPTION =
  'Example week in the Soci Gen calendar. Monday: Instagram post "New autumn menu", published. ' +
  'Tuesday: Facebook post "Meet the baker", published. Wednesday: Instagram reel "Behind the counter", ' +
  'failed because the account token expired; Facebook post "Quiz night reminder", scheduled. ' +
  'Friday and Saturday: three more posts scheduled.';

/**
 * A static picture of the product built from HTML, so the home page ships no screenshot. The
 * whole thing is one image to assistive technology, described in words.
 */
export function CalendarMock() {
  return (
    <div
      role="img"
      aria-label={DESCRIPTION}
      className="overflow-hidden rounded-2xl border border-border bg-card text-left shadow-2xl shadow-indigo-500/10"
    >
      <div className="flex items-center justify-between gap-3 border-b border-border bg-muted/60 px-4 py-3">
        <div className="flex items-center gap-2">
          <span className="flex gap-1.5" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-red-400" />
            <span className="size-2.5 rounded-full bg-amber-400" />
            <span className="size-2.5 rounded-full bg-green-400" />
          </span>
          <span className="ml-2 flex items-center gap-1.5 text-sm font-semibold text-card-foreground">
            <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
            Calendar
          </span>
        </div>
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <ChevronLeft className="size-4" aria-hidden="true" />
          <span className="font-medium text-card-foreground">9 – 15 November</span>
          <ChevronRight className="size-4" aria-hidden="true" />
          <span className="ml-2 hidden rounded-md border border-border bg-card px-2 py-0.5 font-medium sm:inline">
            Week
          </span>
        </div>
      </div>

      {/* Phones get an agenda of the busy days; wider screens the full week grid. */}
      <div className="divide-y divide-border md:hidden">
        {WEEK.filter((d) => d.posts.length > 0)
          .slice(0, 3)
          .map((d) => (
            <div key={d.day} className="flex gap-3 p-3">
              <div
                className={`w-10 shrink-0 text-center ${d.today ? 'text-primary dark:text-primary-hover' : 'text-muted-foreground'}`}
              >
                <div className="text-[11px] font-semibold uppercase">{d.day}</div>
                <div className="text-lg font-bold">{d.date}</div>
              </div>
              <div className="min-w-0 flex-1 space-y-2">
                {d.posts.map((p) => (
                  <PostCard key={p.title} post={p} />
                ))}
              </div>
            </div>
          ))}
      </div>

      <div className="hidden grid-cols-7 divide-x divide-border md:grid">
        {WEEK.map((d) => (
          <div
            key={d.day}
            className={`min-h-64 min-w-0 p-1.5 lg:p-2 ${d.today ? 'bg-secondary/50' : ''}`}
          >
            <div
              className={`mb-2 text-center text-[11px] font-semibold uppercase ${
                d.today ? 'text-primary dark:text-primary-hover' : 'text-muted-foreground'
              }`}
            >
              {d.day} <span className="text-sm">{d.date}</span>
            </div>
            <div className="space-y-1.5">
              {d.posts.map((p) => (
                <PostCard key={p.title} post={p} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
