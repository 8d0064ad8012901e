/*
 * The names of the module's projections: their checkpoints say how far each read model is, so the
 * queries that must read a write of a moment ago wait for them (`npm run replay -- <name>` rebuilds one).
 */

/** creator_app, creator_app_version, creator_blueprint_example, creator_brainstorm, creator_profile. */
export const STUDIO_PROJECTION = 'creator-apps.studio';
/** creator_platform_subscription: the publish check waits for it to read a plan bought a moment ago. */
export const CREATOR_PLANS_PROJECTION = 'creator-apps.creator-plans';
/** app_visitor_onboarding, app_visitor_link, app_visitor_plan, app_test_flow. */
export const VISITORS_PROJECTION = 'creator-apps.visitors';
/** app_media: the media library. */
export const MEDIA_PROJECTION = 'creator-apps.media';
/** app_simulator_item: what the builder's simulator captured and produced. */
export const SIMULATOR_PROJECTION = 'creator-apps.simulator';
/** creator_app_address, creator_storefront_address, creator_storefront_page: public addresses and storefronts. */
export const ADDRESSES_PROJECTION = 'creator-apps.addresses';
/**
 * The member app: app_member_access, app_member_contact, app_member_progress, app_member_phase,
 * app_member_day, app_member_checkin, app_member_reminder, app_member_lesson_progress, app_lesson.
 */
export const MEMBERS_PROJECTION = 'creator-apps.members';
/** app_insights_*: the creator's Insights (funnel by day, onboarding pages, subscriptions, check-ins). */
export const INSIGHTS_PROJECTION = 'creator-apps.insights';
