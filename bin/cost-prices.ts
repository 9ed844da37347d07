// The prices of the cost model (bin/cost-bench.ts): AWS list prices for US East (N. Virginia), on-demand,
// without savings plans or the free tier's first year, as published on each service's pricing page
// (the `source` of each). Read 2026-11-28; when AWS changes a price, change it here and the date above.
// Plaid's and Stripe's fees are not AWS costs and are left out: they are priced per linked item and per
// payment by contract, not per use.

export interface Price {
  /** Dollars per `per` units of `unit`. */
  usd: number;
  per: number;
  unit: string;
  source: string;
}

export const PRICES_READ_ON = '2026-11-28';

export const prices = {
  dynamoWrite: {
    usd: 0.625,
    per: 1_000_000,
    unit: 'write request units (on-demand)',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  dynamoRead: {
    usd: 0.125,
    per: 1_000_000,
    unit: 'read request units (on-demand)',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  dynamoStorage: {
    usd: 0.25,
    per: 1,
    unit: 'GB-month stored (table and indexes; first 25 GB free)',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  lambdaCompute: {
    usd: 0.0000133334,
    per: 1,
    unit: 'GB-second (arm64)',
    source: 'https://aws.amazon.com/lambda/pricing/',
  },
  lambdaRequests: {
    usd: 0.2,
    per: 1_000_000,
    unit: 'invocations',
    source: 'https://aws.amazon.com/lambda/pricing/',
  },
  httpApi: {
    usd: 1.0,
    per: 1_000_000,
    unit: 'HTTP API requests (first 300 million a month)',
    source: 'https://aws.amazon.com/api-gateway/pricing/',
  },
  websocketMessages: {
    usd: 1.0,
    per: 1_000_000,
    unit: 'WebSocket messages (32 KB each)',
    source: 'https://aws.amazon.com/api-gateway/pricing/',
  },
  websocketMinutes: {
    usd: 0.25,
    per: 1_000_000,
    unit: 'WebSocket connection minutes',
    source: 'https://aws.amazon.com/api-gateway/pricing/',
  },
  sqsRequests: {
    usd: 0.4,
    per: 1_000_000,
    unit: 'SQS standard requests (64 KB each)',
    source: 'https://aws.amazon.com/sqs/pricing/',
  },
  eventBridgeEvents: {
    usd: 1.0,
    per: 1_000_000,
    unit: 'custom events published',
    source: 'https://aws.amazon.com/eventbridge/pricing/',
  },
  sesEmails: { usd: 0.1, per: 1_000, unit: 'e-mails sent', source: 'https://aws.amazon.com/ses/pricing/' },
  logsIngested: {
    usd: 0.5,
    per: 1,
    unit: 'GB of CloudWatch Logs ingested',
    source: 'https://aws.amazon.com/cloudwatch/pricing/',
  },
  alarm: {
    usd: 0.1,
    per: 1,
    unit: 'standard alarm-month',
    source: 'https://aws.amazon.com/cloudwatch/pricing/',
  },
  dashboard: {
    usd: 3.0,
    per: 1,
    unit: 'dashboard-month',
    source: 'https://aws.amazon.com/cloudwatch/pricing/',
  },
  kmsKey: { usd: 1.0, per: 1, unit: 'customer key-month', source: 'https://aws.amazon.com/kms/pricing/' },
  kmsRequests: {
    usd: 0.03,
    per: 10_000,
    unit: 'KMS requests',
    source: 'https://aws.amazon.com/kms/pricing/',
  },
  secret: {
    usd: 0.4,
    per: 1,
    unit: 'secret-month',
    source: 'https://aws.amazon.com/secrets-manager/pricing/',
  },
  secretCalls: {
    usd: 0.05,
    per: 10_000,
    unit: 'Secrets Manager API calls',
    source: 'https://aws.amazon.com/secrets-manager/pricing/',
  },
  bedrockInput: {
    usd: 0.00006,
    per: 1_000,
    unit: 'input tokens (Amazon Nova Lite, on-demand)',
    source: 'https://aws.amazon.com/bedrock/pricing/',
  },
  bedrockOutput: {
    usd: 0.00024,
    per: 1_000,
    unit: 'output tokens (Amazon Nova Lite, on-demand)',
    source: 'https://aws.amazon.com/bedrock/pricing/',
  },
  cloudFrontRequests: {
    usd: 0.01,
    per: 10_000,
    unit: 'HTTPS requests (North America)',
    source: 'https://aws.amazon.com/cloudfront/pricing/',
  },
  cloudFrontTransfer: {
    usd: 0.085,
    per: 1,
    unit: 'GB out to the internet (North America; first 1 TB a month free)',
    source: 'https://aws.amazon.com/cloudfront/pricing/',
  },
} as const satisfies Record<string, Price>;

/** Cognito's feature plans: $ per monthly active user above the free users (10,000 on Lite and
 * Essentials; none on Plus). https://aws.amazon.com/cognito/pricing/ */
export const cognitoPlans = {
  lite: { usdPerMau: 0.0055, freeMau: 10_000 },
  essentials: { usdPerMau: 0.015, freeMau: 10_000 },
  plus: { usdPerMau: 0.02, freeMau: 0 },
} as const;

export type CognitoPlan = keyof typeof cognitoPlans;

/** The plan infra/auth-stack.ts deploys (docs/decisions.md says why). */
export const COGNITO_PLAN: CognitoPlan = 'lite';

export const cost = (price: Price, units: number): number => (units / price.per) * price.usd;
