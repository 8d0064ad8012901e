// The member app (/apps/{storefrontSlug}/{appSlug}/app): a chunk of its own, loaded by members only.
export { MemberAppPage } from './MemberAppPage';
export { UnsubscribePage } from './UnsubscribePage';
