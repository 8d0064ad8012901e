// Loaded in a chunk of its own (import()): the membership offer is below the fold on the home page.
export { MembershipOffer } from './MembershipOffer';
