import { invalidParam } from './context.ts';
import type { GraphErrorSpec } from './faults.ts';

// The names, titles and errors of the simulated insights (docs/product/meta-platform.md#insights),
// shared by the account and Page areas (insights.ts) and the media and post areas
// (insights-objects.ts).

export const IG_ACCOUNT_ENUM = [
  'reach',
  'follower_count',
  'online_followers',
  'accounts_engaged',
  'total_interactions',
  'likes',
  'comments',
  'shares',
  'saves',
  'replies',
  'follows_and_unfollows',
  'profile_links_taps',
  'views',
  'follower_demographics',
  'engaged_audience_demographics',
] as const;

/** `(#100) metric[N] must be one of the following values: …`, for account or media metrics. */
export const metricEnumError = (index: number, valid: readonly string[]): GraphErrorSpec =>
  invalidParam(`(#100) metric[${index}] must be one of the following values: ${valid.join(', ')}`);

/** A retired or unknown Page or post metric. */
export const PAGE_METRIC_ERROR = invalidParam('(#100) The value must be a valid insights metric');

const TITLES: Record<string, [string, string]> = {
  reach: [
    'Accounts reached',
    'The number of unique accounts that have seen your content, at least once, including in ads.',
  ],
  follower_count: ['Follower count', 'The number of accounts that followed you each day.'],
  online_followers: [
    'Online followers',
    'The number of your followers who were online during each hour of the day.',
  ],
  accounts_engaged: [
    'Accounts engaged',
    'The number of accounts that have interacted with your content, including in ads.',
  ],
  total_interactions: [
    'Content interactions',
    'The total number of post interactions, story interactions, reels interactions, video interactions and live video interactions.',
  ],
  likes: ['Likes', 'The number of likes on your posts, reels and videos.'],
  comments: ['Comments', 'The number of comments on your posts, reels, videos and live videos.'],
  shares: ['Shares', 'The number of shares of your posts, stories, reels, videos and live videos.'],
  saves: ['Saves', 'The number of saves of your posts, reels and videos.'],
  replies: ['Replies', 'The number of replies you received from your story.'],
  follows_and_unfollows: [
    'Follows and unfollows',
    'The number of accounts that followed you and the number of accounts that unfollowed you or left Instagram.',
  ],
  profile_links_taps: [
    'Profile links taps',
    'The number of taps on your business address, call button, email button and text button.',
  ],
  views: ['Views', 'The number of times your content was played or displayed.'],
  follower_demographics: [
    'Follower demographics',
    'The demographic characteristics of followers, including countries, cities and gender distribution.',
  ],
  engaged_audience_demographics: [
    'Engaged audience demographics',
    'The demographic characteristics of the engaged audience, including countries, cities and gender distribution.',
  ],
  page_media_view: [
    'Page media views',
    'The number of times your Page content was played or displayed.',
  ],
  page_total_media_view_unique: [
    'Page media viewers',
    'The number of people who saw your Page content at least once.',
  ],
  page_post_engagements: [
    'Daily Post Engagements',
    'The number of times people have engaged with your posts through reactions, comments, shares and more.',
  ],
  page_views_total: [
    'Daily Total views count per Page',
    "The number of times a Page's profile has been viewed by logged in and logged out people.",
  ],
  page_daily_follows_unique: [
    'Daily New Follows',
    'The number of new people who have followed your Page.',
  ],
  page_daily_unfollows_unique: [
    'Daily Unfollows',
    'The number of people who have unfollowed your Page.',
  ],
  page_follows: [
    'Lifetime Total Follows',
    'The total number of people who have followed your Page.',
  ],
  page_follows_city: [
    'Follows by city',
    'Aggregated location data about the people who follow your Page, by city.',
  ],
  page_follows_country: [
    'Follows by country',
    'Aggregated location data about the people who follow your Page, by country.',
  ],
};

export const describe = (name: string) => {
  const [title, description] = TITLES[name] ?? [name, name];
  return { title, description };
};
