/**
 * In-app notifications (decision 0031): what a user is told about the data review. Pure, shared by
 * the inbox API, the header badge and the email's words.
 */

/** query_assigned: a query was opened or reopened with the user as its assignee; query_answered: a
 * query the user opened (or is assigned) was answered by the site. */
export const NOTIFICATION_KINDS = ["query_assigned", "query_answered"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
