// The fault catalogue of docs/product/meta-platform.md#fault-injection for the endpoints this
// simulator serves: each entry is the exact error Meta answers (HTTP status, code, subcode,
// message, transience), so a test can ask for "token_expired" and get what a real expired token
// gets.

export interface GraphErrorSpec {
  status: number;
  code: number;
  subcode?: number;
  message: string;
  type?: string;
  isTransient?: boolean;
  userTitle?: string;
  userMsg?: string;
  /** Minutes until access returns, sent in X-Business-Use-Case-Usage for throttling faults. */
  regainMinutes?: number;
}

const tokenMessage = (detail: string) => `Error validating access token: ${detail}`;

export const FAULTS = {
  // Tokens (docs/product/meta-platform.md#graph-error-codes, subcodes of 190)
  token_expired: {
    status: 400,
    code: 190,
    subcode: 463,
    message: tokenMessage(
      'Session has expired on Monday, 23-Nov-15 14:00:00 PST. The current time is Monday, 23-Nov-15 14:00:03 PST.',
    ),
  },
  password_changed: {
    status: 400,
    code: 190,
    subcode: 460,
    message: tokenMessage(
      'The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
    ),
  },
  app_removed: {
    status: 400,
    code: 190,
    subcode: 458,
    message: tokenMessage('The user has not authorized application.'),
  },
  role_removed: {
    status: 400,
    code: 190,
    subcode: 492,
    message:
      'User associated with the Page access token does not have an appropriate role on the Page.',
  },
  checkpoint: {
    status: 400,
    code: 190,
    subcode: 459,
    message: tokenMessage('You cannot access the app till you log in to www.facebook.com.'),
  },
  malformed_token: {
    status: 400,
    code: 190,
    message: 'Invalid OAuth access token - Cannot parse access token',
  },
  missing_token: {
    status: 400,
    code: 104,
    message: 'An access token is required to request this resource.',
  },
  bad_appsecret_proof: {
    status: 400,
    code: 100,
    message: 'Invalid appsecret_proof provided in the API argument',
  },
  // Permissions
  permission_10: {
    status: 403,
    code: 10,
    message: '(#10) Application does not have permission for this action',
  },
  permission_200: {
    status: 403,
    code: 200,
    message: '(#200) The user has not granted the permission required for this action',
  },
  permission_200_business: {
    status: 403,
    code: 200,
    message: '(#200) Requires business_management permission to manage the object',
  },
  capability_3: {
    status: 400,
    code: 3,
    message: 'Application does not have the capability to make this API call.',
  },
  // Throttling
  throttle_4: {
    status: 400,
    code: 4,
    message: '(#4) Application request limit reached',
    isTransient: true,
    regainMinutes: 15,
  },
  throttle_17: {
    status: 400,
    code: 17,
    message: '(#17) User request limit reached',
    regainMinutes: 15,
  },
  throttle_32: {
    status: 400,
    code: 32,
    message: '(#32) Page request limit reached',
    regainMinutes: 15,
  },
  throttle_613: {
    status: 400,
    code: 613,
    message: '(#613) Calls to this api have exceeded the rate limit.',
    regainMinutes: 15,
  },
  throttle_80001: {
    status: 400,
    code: 80001,
    message:
      'There have been too many calls to this Page account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
    regainMinutes: 15,
  },
  throttle_80002: {
    status: 400,
    code: 80002,
    message:
      'There have been too many calls to this Instagram account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
    regainMinutes: 15,
  },
  // Transient
  transient_1: {
    status: 500,
    code: 1,
    message: 'An unknown error occurred',
    isTransient: true,
  },
  transient_2: {
    status: 500,
    code: 2,
    message: 'An unexpected error has occurred. Please retry your request later.',
    isTransient: true,
  },
  // Invalid parameter / unknown object
  invalid_parameter: {
    status: 400,
    code: 100,
    message: '(#100) Invalid parameter',
  },
  // Facebook publishing
  fb_duplicate_506: {
    status: 400,
    code: 506,
    message: 'Duplicate status message',
  },
  fb_blocked_368: {
    status: 400,
    code: 368,
    subcode: 1390008,
    message: 'It looks like you were misusing this feature by going too fast.',
  },
  fb_link_1609005: {
    status: 400,
    code: 1609005,
    message: 'Error Posting Link',
  },
  fb_bad_schedule_100: {
    status: 400,
    code: 100,
    message: 'The specified scheduled publish time is invalid.',
  },
  // Instagram publishing (docs/product/meta-platform.md#instagram-publishing-errors): every row of
  // the table
  ig_download_timeout: igError(-2, 2207003, 'Timed out downloading the media.', true),
  ig_media_expired: igError(-2, 2207020, 'The media has expired. Please create a new one.'),
  ig_server_error: igError(-1, 2207001, 'An Instagram server error occurred.', true),
  ig_create_failed: igError(-1, 2207032, 'Failed to create media.', true),
  ig_upload_unknown: igError(-1, 2207053, 'Unknown upload error.', true),
  ig_bad_thumb_offset: igError(1, 2207057, 'The thumbnail offset is invalid.'),
  ig_spam_blocked: igError(4, 2207051, 'This action was blocked as spam-like behaviour.'),
  ig_max_posts: igError(9, 2207042, 'The maximum number of posts per day has been reached.'),
  ig_media_not_found: igError(24, 2207006, 'The media could not be found.'),
  ig_builder_expired: igError(24, 2207008, 'The media builder has expired.', true),
  ig_account_restricted: igError(25, 2207050, 'The Instagram account is restricted.'),
  ig_unknown_media_type: igError(100, 2207023, 'The media type is unknown.'),
  ig_carousel_invalid: igError(100, 2207028, 'The carousel must have between 2 and 10 items.'),
  ig_product_tags: igError(100, 2207035, 'The product tags are invalid.'),
  ig_video_format: igError(352, 2207026, 'The video format is not supported.'),
  ig_fetch_failed: igError(9004, 2207052, 'The media could not be fetched from the URI.'),
  ig_not_ready: {
    ...igError(9007, 2207027, 'Media ID is not available'),
    userTitle: 'Media Not Ready For Publishing',
    userMsg: 'The media is not ready for publishing, please wait for a moment',
  },
  ig_image_too_large: {
    ...igError(36000, 2207004, 'The image size is too large.'),
    userTitle: 'Image size too large',
    userMsg: 'The image is too large to download. It should be less than 8 MiB.',
  },
  ig_image_format: igError(36001, 2207005, 'The image format is not supported.'),
  ig_aspect_ratio: igError(36003, 2207009, 'The aspect ratio is not supported.'),
  ig_caption_too_long: igError(36004, 2207010, 'The caption is too long.'),
} satisfies Record<string, GraphErrorSpec>;

export type FaultName = keyof typeof FAULTS;
export const FAULT_NAMES = Object.keys(FAULTS) as FaultName[];

function igError(code: number, subcode: number, message: string, transient = false) {
  return { status: 400, code, subcode, message, isTransient: transient };
}
