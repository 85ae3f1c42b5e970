import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from './catalogue.ts';

type Row = [code: string, userMessage: string, retryable: boolean, severity: string];

// Written out by hand from docs/product/errors.md#user-messages (and our texts where it shows
// none) so that a change to the catalogue has to be made here too.
const EXPECTED: Row[] = [
  ['EMAIL_ALREADY_EXISTS', 'An account with this email already exists.', false, 'medium'],
  ['INVALID_CREDENTIALS', 'Invalid email or password.', false, 'medium'],
  ['EMAIL_NOT_CONFIRMED', 'Please check your email and confirm your account.', false, 'medium'],
  ['WEAK_PASSWORD', 'Password is too weak. Please choose a stronger password.', false, 'low'],
  ['UNAUTHORIZED', 'Please log in to access this feature.', false, 'medium'],
  ['FORBIDDEN', "You don't have permission to perform this action.", false, 'medium'],
  ['PERMISSION_DENIED', "You don't have permission to access this resource.", false, 'medium'],
  ['AUTH_SESSION_ERROR', 'Session error. Please log in again.', false, 'medium'],
  ['NOT_FOUND', 'The requested resource could not be found.', false, 'low'],
  ['VALIDATION_ERROR', 'Please check your input and try again.', false, 'low'],
  ['USER_INPUT_INVALID', 'Please check your input and try again.', false, 'low'],
  ['PAYLOAD_TOO_LARGE', 'The request is too large. Please send less data.', false, 'low'],
  ['UNSUPPORTED_MEDIA_TYPE', "This request format isn't supported.", false, 'low'],
  ['SERVER_ERROR', 'A server error occurred. Please try again.', true, 'high'],
  ['DATABASE_ERROR', 'A database error occurred. Please try again.', true, 'high'],
  [
    'NETWORK_ERROR',
    'Network connection issues. Please check your internet connection.',
    true,
    'medium',
  ],
  ['INTERNAL_ERROR', 'Something went wrong. Our team has been notified.', true, 'critical'],
  [
    'RATE_LIMIT_EXCEEDED',
    'Too many requests. Please wait a moment before trying again.',
    true,
    'medium',
  ],
  ['TIMEOUT_ERROR', 'Operation timed out. Please try again.', true, 'medium'],
  ['BUSINESS_RULE_VIOLATION', 'This action violates business rules.', false, 'medium'],
  ['WORKFLOW_STATE_INVALID', 'Invalid workflow state. Please start over.', false, 'medium'],
  ['FEATURE_NOT_AVAILABLE', 'This feature is currently not available.', false, 'medium'],
  [
    'MEMORY_LIMIT_EXCEEDED',
    'System resources exceeded. Please try with smaller data sets.',
    false,
    'critical',
  ],
  ['CONFIGURATION_ERROR', 'System configuration error. Please contact support.', false, 'critical'],
  ['PLATFORM_TOKEN_ERROR', 'Platform token error. Please reconnect your account.', false, 'medium'],
  [
    'EDGE_FUNCTION_RETRY_ERROR',
    'The request still failed after several attempts. Please try again later.',
    false,
    'medium',
  ],
  ['CRON_JOB_ERROR', 'A scheduled background task failed.', false, 'high'],
  ['FEATURE_GUARD_ERROR', "You don't have access to this feature.", false, 'medium'],
  [
    'MEDIA_VALIDATION_ERROR',
    "This file can't be used. Please check its type and size.",
    false,
    'medium',
  ],
  [
    'DASHBOARD_CONTEXT_ERROR',
    "The dashboard couldn't load. Please refresh the page.",
    false,
    'high',
  ],
  [
    'GLOBAL_STATE_CONTEXT_ERROR',
    "The app couldn't start correctly. Please refresh the page.",
    false,
    'critical',
  ],
  ['CURRENCY_ERROR', "This amount couldn't be displayed.", false, 'low'],
  ['FORMATTER_ERROR', "Some values couldn't be formatted.", false, 'low'],
  ['TYPE_VALIDATOR_ERROR', 'Some data had an unexpected format.', false, 'low'],
  ['SECURITY_LOG_ERROR', "A security event couldn't be recorded.", false, 'low'],
  [
    'INSTAGRAM_PROFILE_ERROR',
    'Failed to load your Instagram profile. Please try again.',
    true,
    'medium',
  ],
  [
    'INSTAGRAM_MEDIA_ERROR',
    'Failed to load your Instagram posts. Please try again.',
    true,
    'medium',
  ],
  [
    'INSTAGRAM_INSIGHTS_ERROR',
    'Failed to load Instagram insights. Please try again.',
    true,
    'medium',
  ],
  [
    'INSTAGRAM_AUDIENCE_ERROR',
    'Failed to load your Instagram audience. Please try again.',
    true,
    'medium',
  ],
  [
    'INSTAGRAM_BULK_INSIGHTS_ERROR',
    'Failed to load insights for your posts. Please try again.',
    true,
    'medium',
  ],
  [
    'INSTAGRAM_ANALYTICS_ERROR',
    'Failed to load Instagram analytics. Please try again.',
    true,
    'medium',
  ],
  [
    'INSTAGRAM_ENRICHMENT_ERROR',
    'Failed to load extra details for your Instagram content. Please try again.',
    true,
    'medium',
  ],
  [
    'INSTAGRAM_BUSINESS_DISCOVERY_ERROR',
    'Failed to look up this Instagram business account. Please try again.',
    true,
    'medium',
  ],
  [
    'CAMPAIGN_SESSION_ERROR',
    'Failed to load your campaign session. Please try again.',
    true,
    'medium',
  ],
  ['CAMPAIGN_CREATE_ERROR', 'Failed to create campaign. Please try again.', true, 'medium'],
  [
    'CAMPAIGN_PLAN_ERROR',
    'Failed to generate the campaign plan. Please try again.',
    true,
    'medium',
  ],
  [
    'CAMPAIGN_IMPLEMENTATION_ERROR',
    'Failed to put the campaign into action. Please try again.',
    true,
    'medium',
  ],
  [
    'CAMPAIGN_CREATION_ERROR',
    'Failed to create campaign content. Please try again.',
    true,
    'medium',
  ],
  [
    'CAMPAIGN_SUGGESTION_ERROR',
    'Failed to load campaign suggestions. Please try again.',
    true,
    'medium',
  ],
  [
    'CAMPAIGN_WIZARD_ERROR',
    'Something went wrong in the campaign wizard. Please try again.',
    true,
    'medium',
  ],
  ['CAMPAIGN_LAUNCH_ERROR', 'Failed to launch campaign. Please try again.', true, 'medium'],
  ['CAMPAIGN_DRAFT_SAVE_ERROR', 'Failed to save campaign draft. Please try again.', true, 'medium'],
  [
    'MEDIA_REQUIREMENTS_ERROR',
    'Failed to load media requirements. Please try again.',
    true,
    'medium',
  ],
  ['MEDIA_CACHE_ERROR', 'Failed to refresh cached media. Please try again.', true, 'medium'],
  ['MEDIA_STATS_ERROR', 'Failed to load media statistics. Please try again.', true, 'medium'],
  ['MEDIA_LIBRARY_ERROR', 'Failed to load your media library. Please try again.', true, 'medium'],
  ['MEDIA_DELETE_ERROR', 'Failed to delete media. Please try again.', true, 'medium'],
  ['MEDIA_UPLOAD_ERROR', 'Failed to upload media. Please try again.', true, 'medium'],
  ['MEDIA_TAGS_ERROR', 'Failed to update media tags. Please try again.', true, 'medium'],
  ['MEDIA_CLEANUP_ERROR', 'Failed to clean up unused media. Please try again.', true, 'medium'],
  ['CONTENT_SCHEDULE_ERROR', 'Failed to schedule content', true, 'medium'],
  ['CONTENT_DRAFT_SAVE_ERROR', 'Failed to save draft', true, 'medium'],
  ['CONTENT_DELETE_ERROR', 'Failed to delete content. Please try again.', true, 'medium'],
  ['AUDIENCE_ERROR', 'Failed to create audience. Please try again.', true, 'medium'],
  ['SEGMENT_CREATE_ERROR', 'Failed to create audience segment. Please try again.', true, 'medium'],
  ['COMMENT_REPLY_ERROR', 'Failed to post your reply. Please try again.', true, 'medium'],
  ['COMMENT_SYNC_ERROR', 'Failed to sync comments. Please try again.', true, 'medium'],
  ['COMMENT_ACTION_ERROR', 'Failed to update the comment. Please try again.', true, 'medium'],
  ['DIRECT_MESSAGE_ERROR', 'Failed to send direct message.', true, 'medium'],
  [
    'PLATFORM_SYNC_ERROR',
    'Failed to sync with the connected platform. Please try again.',
    true,
    'medium',
  ],
  [
    'PLATFORM_CONNECTION_ERROR',
    'Failed to connect the platform. Please try again.',
    true,
    'medium',
  ],
  [
    'PLATFORM_SERVICES_ERROR',
    'Connected platform services are unavailable. Please try again.',
    true,
    'medium',
  ],
  [
    'FACEBOOK_CONNECTION_ERROR',
    'Failed to connect your Facebook account. Please try again.',
    true,
    'medium',
  ],
  [
    'INSTAGRAM_CONNECTION_ERROR',
    'Failed to connect your Instagram account. Please try again.',
    true,
    'medium',
  ],
  [
    'OAUTH_STATE_ERROR',
    'Your connection request expired. Please start the connection again.',
    true,
    'medium',
  ],
  [
    'OAUTH_VALIDATION_ERROR',
    "We couldn't verify the connection with the platform. Please try again.",
    true,
    'medium',
  ],
  [
    'USER_PROFILE_ERROR',
    'Failed to load or update your profile. Please try again.',
    true,
    'medium',
  ],
  [
    'BUSINESS_PROFILE_ERROR',
    'Failed to load or update your business profile. Please try again.',
    true,
    'medium',
  ],
  [
    'SUBSCRIPTION_ERROR',
    'Failed to load or update your subscription. Please try again.',
    true,
    'medium',
  ],
  ['PAYMENT_ERROR', 'Payment failed. Please try again or contact support.', true, 'high'],
  [
    'CARD_PROVIDER_ERROR',
    'The card payment service is unavailable. Please try again.',
    true,
    'high',
  ],
  [
    'ADDON_PAYMENT_ERROR',
    'Add-on purchase failed. Please try again or contact support.',
    true,
    'high',
  ],
  ['COUPON_ERROR', 'Failed to check the coupon. Please try again.', true, 'medium'],
  ['COUPON_REDEMPTION_ERROR', 'Failed to redeem the coupon. Please try again.', true, 'medium'],
  [
    'PAYMENT_METHOD_UPDATE_ERROR',
    'Failed to update your payment method. Please try again.',
    true,
    'high',
  ],
  [
    'MFA_STATUS_ERROR',
    'Failed to load your two-factor authentication status. Please try again.',
    true,
    'medium',
  ],
  [
    'MFA_SETUP_ERROR',
    'Failed to set up two-factor authentication. Please try again.',
    true,
    'medium',
  ],
  [
    'MFA_VERIFICATION_ERROR',
    'Failed to verify the authentication code. Please try again.',
    true,
    'medium',
  ],
  [
    'MFA_DISABLE_ERROR',
    'Failed to turn off two-factor authentication. Please try again.',
    true,
    'medium',
  ],
  [
    'SIGN_OUT_ALL_SESSIONS_ERROR',
    'Failed to sign out of all sessions. Please try again.',
    true,
    'medium',
  ],
  [
    'PASSWORD_CHANGE_ERROR',
    'Password change failed. Please verify your current password and try again.',
    true,
    'medium',
  ],
  [
    'STAFF_INVITATION_EMAIL_ERROR',
    'Failed to send the invitation email. Please try again.',
    true,
    'medium',
  ],
  ['LOGIN_ERROR', 'Sign-in failed. Please try again.', true, 'medium'],
  ['REGISTRATION_ERROR', 'Registration failed. Please try again.', true, 'medium'],
  ['SIGN_OUT_ERROR', 'Sign-out failed. Please try again.', true, 'medium'],
  ['PULL_TO_REFRESH_ERROR', 'Failed to refresh. Please try again.', true, 'medium'],
  ['ENGINE_ROOM_ERROR', 'Failed to load the Engine Room. Please try again.', true, 'medium'],
  ['RECENT_CONTENT_ERROR', 'Failed to load recent content. Please try again.', true, 'medium'],
];

describe('ERROR_CATALOGUE', () => {
  it.each(EXPECTED)(
    '%s: message, retryable and severity',
    (code, userMessage, retryable, severity) => {
      expect(isErrorCode(code)).toBe(true);
      if (!isErrorCode(code)) return;
      const entry = ERROR_CATALOGUE[code];
      expect(entry.userMessage).toBe(userMessage);
      expect(entry.retryable).toBe(retryable);
      expect(entry.severity).toBe(severity);
    },
  );

  it('has exactly the codes listed above', () => {
    expect([...ERROR_CODES].sort()).toEqual(EXPECTED.map(([code]) => code).sort());
  });

  it.each([
    ['VALIDATION_ERROR', 400],
    ['UNAUTHORIZED', 401],
    ['INVALID_CREDENTIALS', 401],
    ['FORBIDDEN', 403],
    ['PERMISSION_DENIED', 403],
    ['NOT_FOUND', 404],
    ['EMAIL_ALREADY_EXISTS', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['WEAK_PASSWORD', 422],
    ['BUSINESS_RULE_VIOLATION', 422],
    ['RATE_LIMIT_EXCEEDED', 429],
    ['INTERNAL_ERROR', 500],
    ['NETWORK_ERROR', 502],
    ['FEATURE_NOT_AVAILABLE', 403],
    ['TIMEOUT_ERROR', 504],
  ])('%s answers HTTP %i', (code, status) => {
    expect(isErrorCode(code) && ERROR_CATALOGUE[code].httpStatus).toBe(status);
  });

  it('gives every entry an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      const { httpStatus } = ERROR_CATALOGUE[code];
      expect(httpStatus >= 400 && httpStatus <= 599, code).toBe(true);
    }
  });
});
