import type { MediaRequirement } from '#shared/contracts/campaign-plan.contract.ts';
import type { CampaignPost } from '#shared/contracts/campaigns.contract.ts';
import type { NewPost } from '../api/campaigns-api.ts';
import {
  formatDateKey,
  formatTimeKey,
  parseDateKey,
  parseTimeKey,
  zonedParts,
  zonedToUtc,
} from '../../../lib/zoned-time.ts';

// A planned post as the edit dialog holds it: the date and time in the business time zone, the
// hashtags as typed, and back.

export interface PostFormValues {
  date: string;
  time: string;
  connectionId: string;
  format: NewPost['format'];
  caption: string;
  hashtags: string;
  firstComment: string;
  media: MediaRequirement;
}

export function formValuesOf(
  post: CampaignPost | null,
  defaults: { date: string; connectionId: string; timeZone: string },
): PostFormValues {
  if (!post) {
    return {
      date: defaults.date,
      time: '12:00',
      connectionId: defaults.connectionId,
      format: 'post',
      caption: '',
      hashtags: '',
      firstComment: '',
      media: {
        kind: 'image',
        count: 1,
        aspectRatio: '4:5',
        minSeconds: null,
        maxSeconds: null,
        description: '',
      },
    };
  }
  const wall = zonedParts(new Date(post.scheduledFor), defaults.timeZone);
  return {
    date: formatDateKey(wall),
    time: formatTimeKey(wall.hour, wall.minute),
    connectionId: post.connectionId,
    format: post.format,
    caption: post.caption,
    hashtags: post.hashtags.join(' '),
    firstComment: post.firstComment ?? '',
    media: post.media,
  };
}

/** "#bread sourdough, #bake" → ["#bread", "#sourdough", "#bake"] */
export function parseHashtags(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter((t) => t !== '' && t !== '#')
    .map((t) => (t.startsWith('#') ? t : `#${t}`));
}

/** The post to send, or what is missing. */
export function postOfForm(
  values: PostFormValues,
  timeZone: string,
): { ok: true; post: NewPost } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const date = parseDateKey(values.date);
  const time = parseTimeKey(values.time);
  if (!date) errors['date'] = 'Choose a date';
  if (!time) errors['time'] = 'Choose a time';
  if (!values.connectionId) errors['connectionId'] = 'Choose an account';
  if (values.media.kind !== 'none' && values.media.description.trim() === '') {
    errors['media.description'] = 'Describe the shot';
  }
  if (!date || !time || Object.keys(errors).length > 0) return { ok: false, errors };
  const media: MediaRequirement = {
    ...values.media,
    count: values.media.kind === 'none' ? 0 : values.media.count,
    description: values.media.description.trim() || 'No media',
  };
  return {
    ok: true,
    post: {
      scheduledFor: zonedToUtc({ ...date, ...time }, timeZone).toISOString(),
      connectionId: values.connectionId,
      format: values.format,
      caption: values.caption,
      hashtags: parseHashtags(values.hashtags),
      firstComment: values.firstComment.trim() === '' ? null : values.firstComment,
      media,
    },
  };
}
