// The social monitor's public entry: what other features may use (src/web/README.md). The page
// itself is a lazy route.
export { InboxUnreadBadge } from './components/unread-badge.tsx';
export { WaitingForReplyCard } from './components/waiting-for-reply-card.tsx';
