// The data layer: every ElectroDB entity of spec §3 bound to the deps' table client, built once per
// deps, plus a Service so writes that must agree commit in one DynamoDB transaction.
import { Service } from 'electrodb';
import type { Deps } from '../deps.ts';
import {
  adminAuditEntity,
  adminCounterEntity,
  adminDueCheckEntity,
  adminHealthFlagEntity,
  adminLedgerEntity,
  adminSnapshotEntity,
  categoryRulesEntity,
  functionMetricEntity,
  scheduleRunEntity,
  syncRunEntity,
} from './entities/admin.ts';
import {
  clientErrorReportEntity,
  clientMetricEntity,
  clientReportQuotaEntity,
} from './entities/client-report.ts';
import { coachMessageEntity, coachUsageEntity } from './entities/coach.ts';
import { connectedAccountEntity } from './entities/connected-account.ts';
import {
  emailCampaignEntity,
  emailCampaignTemplateEntity,
  emailSendEntity,
  unsubscribeTokenEntity,
  userClaimEntity,
} from './entities/email.ts';
import { financialProfileEntity } from './entities/financial-profile.ts';
import { investmentHoldingEntity } from './entities/investment-holding.ts';
import { investmentTransactionEntity } from './entities/investment-transaction.ts';
import { jobEntity } from './entities/job.ts';
import { linkSessionEntity } from './entities/link-session.ts';
import { moneyPlanCategoryEntity } from './entities/money-plan-category.ts';
import { moneyPlanSeriesEntity } from './entities/money-plan-series.ts';
import { moneyPlanTransactionEntity } from './entities/money-plan-transaction.ts';
import { moneyViewSettingsEntity } from './entities/money-view-settings.ts';
import { onboardingResponseEntity } from './entities/onboarding-response.ts';
import { plaidItemEntity } from './entities/plaid-item.ts';
import { plaidTransactionRawEntity } from './entities/plaid-transaction-raw.ts';
import {
  alertPreferencesEntity,
  emailPreferencesEntity,
  engagementMetricsEntity,
} from './entities/preferences.ts';
import { deletedAccountEntity, profileEntity } from './entities/profile.ts';
import { profileForecastEntity } from './entities/profile-forecast.ts';
import { profileInvitationEntity } from './entities/profile-invitation.ts';
import { profileMemberEntity } from './entities/profile-member.ts';
import { reconciliationRejectionEntity } from './entities/reconciliation-rejection.ts';
import { runningBalanceMonthEntity } from './entities/running-balance-month.ts';
import { moneyMonthViewEntity } from './entities/money-month-view.ts';
import {
  realtimeConnectionEntity,
  trustedDeviceEntity,
  twoFactorSecretEntity,
  twoFactorSessionEntity,
  verificationCodeEntity,
} from './entities/security.ts';
import { securityEventEntity } from './entities/security-event.ts';
import { stripeCustomerEntity, stripeEventEntity, subscriberEntity } from './entities/subscriber.ts';
import { supportRequestEntity } from './entities/support-request.ts';
import { statementImportEntity } from './entities/statement-import.ts';
import { syncLeaseEntity } from './entities/sync-lease.ts';
import { transactionEntity } from './entities/transaction.ts';
import { userAlertEntity } from './entities/user-alert.ts';
import { notificationDismissalEntity, userNotificationEntity } from './entities/user-notification.ts';

export function createData(deps: Pick<Deps, 'ddb' | 'tableName'>) {
  const c = deps.ddb;
  const t = deps.tableName;
  const entities = {
    profiles: profileEntity(c, t),
    deletedAccounts: deletedAccountEntity(c, t),
    financialProfiles: financialProfileEntity(c, t),
    profileMembers: profileMemberEntity(c, t),
    profileInvitations: profileInvitationEntity(c, t),
    securityEvents: securityEventEntity(c, t),
    subscribers: subscriberEntity(c, t),
    stripeCustomers: stripeCustomerEntity(c, t),
    stripeEvents: stripeEventEntity(c, t),
    plaidItems: plaidItemEntity(c, t),
    syncLeases: syncLeaseEntity(c, t),
    linkSessions: linkSessionEntity(c, t),
    jobs: jobEntity(c, t),
    connectedAccounts: connectedAccountEntity(c, t),
    transactions: transactionEntity(c, t),
    plaidTransactionsRaw: plaidTransactionRawEntity(c, t),
    investmentHoldings: investmentHoldingEntity(c, t),
    investmentTransactions: investmentTransactionEntity(c, t),
    statementImports: statementImportEntity(c, t),
    moneyPlanTransactions: moneyPlanTransactionEntity(c, t),
    moneyPlanCategories: moneyPlanCategoryEntity(c, t),
    moneyPlanSeries: moneyPlanSeriesEntity(c, t),
    reconciliationRejections: reconciliationRejectionEntity(c, t),
    moneyViewSettings: moneyViewSettingsEntity(c, t),
    runningBalanceMonths: runningBalanceMonthEntity(c, t),
    profileForecasts: profileForecastEntity(c, t),
    moneyMonthViews: moneyMonthViewEntity(c, t),
    userNotifications: userNotificationEntity(c, t),
    notificationDismissals: notificationDismissalEntity(c, t),
    onboardingResponses: onboardingResponseEntity(c, t),
    alertPreferences: alertPreferencesEntity(c, t),
    emailPreferences: emailPreferencesEntity(c, t),
    engagementMetrics: engagementMetricsEntity(c, t),
    emailSends: emailSendEntity(c, t),
    emailCampaigns: emailCampaignEntity(c, t),
    emailCampaignTemplates: emailCampaignTemplateEntity(c, t),
    userClaims: userClaimEntity(c, t),
    unsubscribeTokens: unsubscribeTokenEntity(c, t),
    userAlerts: userAlertEntity(c, t),
    verificationCodes: verificationCodeEntity(c, t),
    trustedDevices: trustedDeviceEntity(c, t),
    twoFactorSecrets: twoFactorSecretEntity(c, t),
    twoFactorSessions: twoFactorSessionEntity(c, t),
    realtimeConnections: realtimeConnectionEntity(c, t),
    coachMessages: coachMessageEntity(c, t),
    coachUsage: coachUsageEntity(c, t),
    supportRequests: supportRequestEntity(c, t),
    adminAudit: adminAuditEntity(c, t),
    adminSnapshots: adminSnapshotEntity(c, t),
    adminHealthFlags: adminHealthFlagEntity(c, t),
    adminCounters: adminCounterEntity(c, t),
    adminLedgers: adminLedgerEntity(c, t),
    adminDueChecks: adminDueCheckEntity(c, t),
    syncRuns: syncRunEntity(c, t),
    functionMetrics: functionMetricEntity(c, t),
    scheduleRuns: scheduleRunEntity(c, t),
    categoryRules: categoryRulesEntity(c, t),
    clientErrorReports: clientErrorReportEntity(c, t),
    clientMetrics: clientMetricEntity(c, t),
    clientReportQuotas: clientReportQuotaEntity(c, t),
  };
  return { ...entities, service: new Service(entities, { client: c, table: t }) };
}

export type Data = ReturnType<typeof createData>;

const cache = new WeakMap<object, Data>();

export function dataFor(deps: Pick<Deps, 'ddb' | 'tableName'>): Data {
  let data = cache.get(deps);
  if (!data) {
    data = createData(deps);
    cache.set(deps, data);
  }
  return data;
}
