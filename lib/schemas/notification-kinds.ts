/**
 * The kinds of notification (decision 0031), shared by the database's check constraint, the API
 * contracts and the screens. Pure, without imports: db/schema reads it.
 *
 * query_assigned: a query was opened or reopened with the user as its assignee; query_answered: a
 * query the user opened (or is assigned) was answered by the site.
 */
export const NOTIFICATION_KINDS = ["query_assigned", "query_answered"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
