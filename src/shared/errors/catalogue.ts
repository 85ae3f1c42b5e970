// The error catalogue of docs/product/errors.md: one entry per code, read by the server (HTTP
// status, logging) and by the browser (toast text, retry decisions). User messages quoted there
// (docs/product/errors.md#user-messages) are verbatim; for the codes whose message is not shown
// (docs/product/errors.md#codes-without-a-given-message) the text is ours.

export const ERROR_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

export const ERROR_TYPES = [
  'authentication',
  'authorization',
  'validation',
  'not_found',
  'network',
  'database',
  'rate_limit',
  'business',
  'platform',
  'media',
  'payment',
  'system',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export interface ErrorCatalogueEntry {
  userMessage: string;
  retryable: boolean;
  severity: ErrorSeverity;
  type: ErrorType;
  httpStatus: number;
}

// `satisfies` keeps the literal keys so ErrorCode is derived from this one table.
const catalogue = {
  // Authentication and authorisation
  EMAIL_ALREADY_EXISTS: {
    userMessage: 'An account with this email already exists.',
    retryable: false,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 409,
  },
  INVALID_CREDENTIALS: {
    userMessage: 'Invalid email or password.',
    retryable: false,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 401,
  },
  EMAIL_NOT_CONFIRMED: {
    userMessage: 'Please check your email and confirm your account.',
    retryable: false,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 403,
  },
  WEAK_PASSWORD: {
    userMessage: 'Password is too weak. Please choose a stronger password.',
    retryable: false,
    severity: 'low',
    type: 'validation',
    httpStatus: 422,
  },
  UNAUTHORIZED: {
    userMessage: 'Please log in to access this feature.',
    retryable: false,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 401,
  },
  FORBIDDEN: {
    userMessage: "You don't have permission to perform this action.",
    retryable: false,
    severity: 'medium',
    type: 'authorization',
    httpStatus: 403,
  },
  PERMISSION_DENIED: {
    userMessage: "You don't have permission to access this resource.",
    retryable: false,
    severity: 'medium',
    type: 'authorization',
    httpStatus: 403,
  },
  AUTH_SESSION_ERROR: {
    userMessage: 'Session error. Please log in again.',
    retryable: false,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 401,
  },

  // Input and resources
  NOT_FOUND: {
    userMessage: 'The requested resource could not be found.',
    retryable: false,
    severity: 'low',
    type: 'not_found',
    httpStatus: 404,
  },
  VALIDATION_ERROR: {
    userMessage: 'Please check your input and try again.',
    retryable: false,
    severity: 'low',
    type: 'validation',
    httpStatus: 400,
  },
  USER_INPUT_INVALID: {
    userMessage: 'Please check your input and try again.',
    retryable: false,
    severity: 'low',
    type: 'validation',
    httpStatus: 400,
  },
  PAYLOAD_TOO_LARGE: {
    userMessage: 'The request is too large. Please send less data.',
    retryable: false,
    severity: 'low',
    type: 'validation',
    httpStatus: 413,
  },
  UNSUPPORTED_MEDIA_TYPE: {
    userMessage: "This request format isn't supported.",
    retryable: false,
    severity: 'low',
    type: 'validation',
    httpStatus: 415,
  },

  // Infrastructure (retryable)
  SERVER_ERROR: {
    userMessage: 'A server error occurred. Please try again.',
    retryable: true,
    severity: 'high',
    type: 'system',
    httpStatus: 500,
  },
  DATABASE_ERROR: {
    userMessage: 'A database error occurred. Please try again.',
    retryable: true,
    severity: 'high',
    type: 'database',
    httpStatus: 500,
  },
  NETWORK_ERROR: {
    userMessage: 'Network connection issues. Please check your internet connection.',
    retryable: true,
    severity: 'medium',
    type: 'network',
    httpStatus: 502,
  },
  INTERNAL_ERROR: {
    userMessage: 'Something went wrong. Our team has been notified.',
    retryable: true,
    severity: 'critical',
    type: 'system',
    httpStatus: 500,
  },
  RATE_LIMIT_EXCEEDED: {
    userMessage: 'Too many requests. Please wait a moment before trying again.',
    retryable: true,
    severity: 'medium',
    type: 'rate_limit',
    httpStatus: 429,
  },
  TIMEOUT_ERROR: {
    userMessage: 'Operation timed out. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'network',
    httpStatus: 504,
  },

  // Business rules and system state
  BUSINESS_RULE_VIOLATION: {
    userMessage: 'This action violates business rules.',
    retryable: false,
    severity: 'medium',
    type: 'business',
    httpStatus: 422,
  },
  WORKFLOW_STATE_INVALID: {
    userMessage: 'Invalid workflow state. Please start over.',
    retryable: false,
    severity: 'medium',
    type: 'business',
    httpStatus: 409,
  },
  FEATURE_NOT_AVAILABLE: {
    userMessage: 'This feature is currently not available.',
    retryable: false,
    severity: 'medium',
    type: 'business',
    // A plan or add-on gate: the request is understood and refused, not a service outage.
    httpStatus: 403,
  },
  MEMORY_LIMIT_EXCEEDED: {
    userMessage: 'System resources exceeded. Please try with smaller data sets.',
    retryable: false,
    severity: 'critical',
    type: 'system',
    httpStatus: 500,
  },
  CONFIGURATION_ERROR: {
    userMessage: 'System configuration error. Please contact support.',
    retryable: false,
    severity: 'critical',
    type: 'system',
    httpStatus: 500,
  },
  PLATFORM_TOKEN_ERROR: {
    userMessage: 'Platform token error. Please reconnect your account.',
    retryable: false,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },

  // Not retryable, texts ours
  EDGE_FUNCTION_RETRY_ERROR: {
    userMessage: 'The request still failed after several attempts. Please try again later.',
    retryable: false,
    severity: 'medium',
    type: 'system',
    httpStatus: 500,
  },
  CRON_JOB_ERROR: {
    userMessage: 'A scheduled background task failed.',
    retryable: false,
    severity: 'high',
    type: 'system',
    httpStatus: 500,
  },
  FEATURE_GUARD_ERROR: {
    userMessage: "You don't have access to this feature.",
    retryable: false,
    severity: 'medium',
    type: 'authorization',
    httpStatus: 403,
  },
  MEDIA_VALIDATION_ERROR: {
    userMessage: "This file can't be used. Please check its type and size.",
    retryable: false,
    severity: 'medium',
    type: 'media',
    httpStatus: 400,
  },
  DASHBOARD_CONTEXT_ERROR: {
    userMessage: "The dashboard couldn't load. Please refresh the page.",
    retryable: false,
    severity: 'high',
    type: 'system',
    httpStatus: 500,
  },
  GLOBAL_STATE_CONTEXT_ERROR: {
    userMessage: "The app couldn't start correctly. Please refresh the page.",
    retryable: false,
    severity: 'critical',
    type: 'system',
    httpStatus: 500,
  },

  // Low severity: callers fall back to defaults or raw data, so these are informational.
  CURRENCY_ERROR: {
    userMessage: "This amount couldn't be displayed.",
    retryable: false,
    severity: 'low',
    type: 'system',
    httpStatus: 500,
  },
  FORMATTER_ERROR: {
    userMessage: "Some values couldn't be formatted.",
    retryable: false,
    severity: 'low',
    type: 'system',
    httpStatus: 500,
  },
  TYPE_VALIDATOR_ERROR: {
    userMessage: 'Some data had an unexpected format.',
    retryable: false,
    severity: 'low',
    type: 'validation',
    httpStatus: 400,
  },
  SECURITY_LOG_ERROR: {
    userMessage: "A security event couldn't be recorded.",
    retryable: false,
    severity: 'low',
    type: 'system',
    httpStatus: 500,
  },

  // Retryable domain codes. Instagram
  INSTAGRAM_PROFILE_ERROR: {
    userMessage: 'Failed to load your Instagram profile. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  INSTAGRAM_MEDIA_ERROR: {
    userMessage: 'Failed to load your Instagram posts. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  INSTAGRAM_INSIGHTS_ERROR: {
    userMessage: 'Failed to load Instagram insights. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  INSTAGRAM_AUDIENCE_ERROR: {
    userMessage: 'Failed to load your Instagram audience. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  INSTAGRAM_BULK_INSIGHTS_ERROR: {
    userMessage: 'Failed to load insights for your posts. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  INSTAGRAM_ANALYTICS_ERROR: {
    userMessage: 'Failed to load Instagram analytics. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  INSTAGRAM_ENRICHMENT_ERROR: {
    userMessage: 'Failed to load extra details for your Instagram content. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  INSTAGRAM_BUSINESS_DISCOVERY_ERROR: {
    userMessage: 'Failed to look up this Instagram business account. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },

  // Campaigns
  CAMPAIGN_SESSION_ERROR: {
    userMessage: 'Failed to load your campaign session. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  CAMPAIGN_CREATE_ERROR: {
    userMessage: 'Failed to create campaign. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  CAMPAIGN_PLAN_ERROR: {
    userMessage: 'Failed to generate the campaign plan. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  CAMPAIGN_IMPLEMENTATION_ERROR: {
    userMessage: 'Failed to put the campaign into action. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  CAMPAIGN_CREATION_ERROR: {
    userMessage: 'Failed to create campaign content. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  CAMPAIGN_SUGGESTION_ERROR: {
    userMessage: 'Failed to load campaign suggestions. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  CAMPAIGN_WIZARD_ERROR: {
    userMessage: 'Something went wrong in the campaign wizard. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  CAMPAIGN_LAUNCH_ERROR: {
    userMessage: 'Failed to launch campaign. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  CAMPAIGN_DRAFT_SAVE_ERROR: {
    userMessage: 'Failed to save campaign draft. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },

  // Media
  MEDIA_REQUIREMENTS_ERROR: {
    userMessage: 'Failed to load media requirements. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'media',
    httpStatus: 500,
  },
  MEDIA_CACHE_ERROR: {
    userMessage: 'Failed to refresh cached media. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'media',
    httpStatus: 500,
  },
  MEDIA_STATS_ERROR: {
    userMessage: 'Failed to load media statistics. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'media',
    httpStatus: 500,
  },
  MEDIA_LIBRARY_ERROR: {
    userMessage: 'Failed to load your media library. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'media',
    httpStatus: 500,
  },
  MEDIA_DELETE_ERROR: {
    userMessage: 'Failed to delete media. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'media',
    httpStatus: 500,
  },
  MEDIA_UPLOAD_ERROR: {
    userMessage: 'Failed to upload media. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'media',
    httpStatus: 500,
  },
  MEDIA_TAGS_ERROR: {
    userMessage: 'Failed to update media tags. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'media',
    httpStatus: 500,
  },
  MEDIA_CLEANUP_ERROR: {
    userMessage: 'Failed to clean up unused media. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'media',
    httpStatus: 500,
  },

  // Content
  CONTENT_SCHEDULE_ERROR: {
    userMessage: 'Failed to schedule content',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  CONTENT_DRAFT_SAVE_ERROR: {
    userMessage: 'Failed to save draft',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  CONTENT_DELETE_ERROR: {
    userMessage: 'Failed to delete content. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },

  // Audiences
  AUDIENCE_ERROR: {
    userMessage: 'Failed to create audience. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  SEGMENT_CREATE_ERROR: {
    userMessage: 'Failed to create audience segment. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },

  // Comments and messages
  COMMENT_REPLY_ERROR: {
    userMessage: 'Failed to post your reply. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  COMMENT_SYNC_ERROR: {
    userMessage: 'Failed to sync comments. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  COMMENT_ACTION_ERROR: {
    userMessage: 'Failed to update the comment. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  DIRECT_MESSAGE_ERROR: {
    userMessage: 'Failed to send direct message.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },

  // Platforms and connections
  PLATFORM_SYNC_ERROR: {
    userMessage: 'Failed to sync with the connected platform. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  PLATFORM_CONNECTION_ERROR: {
    userMessage: 'Failed to connect the platform. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  PLATFORM_SERVICES_ERROR: {
    userMessage: 'Connected platform services are unavailable. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  FACEBOOK_CONNECTION_ERROR: {
    userMessage: 'Failed to connect your Facebook account. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  INSTAGRAM_CONNECTION_ERROR: {
    userMessage: 'Failed to connect your Instagram account. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 502,
  },
  OAUTH_STATE_ERROR: {
    userMessage: 'Your connection request expired. Please start the connection again.',
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 400,
  },
  OAUTH_VALIDATION_ERROR: {
    userMessage: "We couldn't verify the connection with the platform. Please try again.",
    retryable: true,
    severity: 'medium',
    type: 'platform',
    httpStatus: 400,
  },

  // Profiles
  USER_PROFILE_ERROR: {
    userMessage: 'Failed to load or update your profile. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  BUSINESS_PROFILE_ERROR: {
    userMessage: 'Failed to load or update your business profile. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },

  // Billing
  SUBSCRIPTION_ERROR: {
    userMessage: 'Failed to load or update your subscription. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'payment',
    httpStatus: 500,
  },
  PAYMENT_ERROR: {
    userMessage: 'Payment failed. Please try again or contact support.',
    retryable: true,
    severity: 'high',
    type: 'payment',
    httpStatus: 402,
  },
  CARD_PROVIDER_ERROR: {
    userMessage: 'The card payment service is unavailable. Please try again.',
    retryable: true,
    severity: 'high',
    type: 'payment',
    httpStatus: 502,
  },
  ADDON_PAYMENT_ERROR: {
    userMessage: 'Add-on purchase failed. Please try again or contact support.',
    retryable: true,
    severity: 'high',
    type: 'payment',
    httpStatus: 402,
  },
  COUPON_ERROR: {
    userMessage: 'Failed to check the coupon. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'payment',
    httpStatus: 400,
  },
  COUPON_REDEMPTION_ERROR: {
    userMessage: 'Failed to redeem the coupon. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'payment',
    httpStatus: 409,
  },
  PAYMENT_METHOD_UPDATE_ERROR: {
    userMessage: 'Failed to update your payment method. Please try again.',
    retryable: true,
    severity: 'high',
    type: 'payment',
    httpStatus: 500,
  },

  // Account security
  MFA_STATUS_ERROR: {
    userMessage: 'Failed to load your two-factor authentication status. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 500,
  },
  MFA_SETUP_ERROR: {
    userMessage: 'Failed to set up two-factor authentication. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 500,
  },
  MFA_VERIFICATION_ERROR: {
    userMessage: 'Failed to verify the authentication code. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 400,
  },
  MFA_DISABLE_ERROR: {
    userMessage: 'Failed to turn off two-factor authentication. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 500,
  },
  SIGN_OUT_ALL_SESSIONS_ERROR: {
    userMessage: 'Failed to sign out of all sessions. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 500,
  },
  PASSWORD_CHANGE_ERROR: {
    userMessage: 'Password change failed. Please verify your current password and try again.',
    retryable: true,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 400,
  },
  STAFF_INVITATION_EMAIL_ERROR: {
    userMessage: 'Failed to send the invitation email. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'business',
    httpStatus: 500,
  },
  LOGIN_ERROR: {
    userMessage: 'Sign-in failed. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 500,
  },
  REGISTRATION_ERROR: {
    userMessage: 'Registration failed. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 500,
  },
  SIGN_OUT_ERROR: {
    userMessage: 'Sign-out failed. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'authentication',
    httpStatus: 500,
  },

  // Dashboard fetches
  PULL_TO_REFRESH_ERROR: {
    userMessage: 'Failed to refresh. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'network',
    httpStatus: 500,
  },
  ENGINE_ROOM_ERROR: {
    userMessage: 'Failed to load the Engine Room. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'network',
    httpStatus: 500,
  },
  RECENT_CONTENT_ERROR: {
    userMessage: 'Failed to load recent content. Please try again.',
    retryable: true,
    severity: 'medium',
    type: 'network',
    httpStatus: 500,
  },
} as const satisfies Record<string, ErrorCatalogueEntry>;

export type ErrorCode = keyof typeof catalogue;

export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, Readonly<ErrorCatalogueEntry>>> =
  catalogue;

export const ERROR_CODES = Object.keys(catalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(catalogue, value);
}

export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && (ERROR_TYPES as readonly string[]).includes(value);
}

export function isErrorSeverity(value: unknown): value is ErrorSeverity {
  return typeof value === 'string' && (ERROR_SEVERITIES as readonly string[]).includes(value);
}
