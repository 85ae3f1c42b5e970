import { OauthCallbackPage } from './connect-page.tsx';

/** /dashboard/instagram-callback: where Instagram Login sends the browser back. */
export default function InstagramCallbackPage() {
  return <OauthCallbackPage login="instagram" />;
}
