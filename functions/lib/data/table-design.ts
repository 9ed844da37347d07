// The single DynamoDB table's key design, shared by the CDK data stack, the local bootstrap and the
// ElectroDB entities. Generic key names let every entity reuse the same indexes (see docs/data-model.md).

/**
 * What the transaction lists read (the calendar's day rows and their classification, the forecast's
 * history, the coach's searches, reconciliation): gsi2 holds these and no more, so a transaction's copy
 * there carries neither the user, the Plaid ids, the timestamps nor gsi1's keys. Readers of whole
 * transactions (GET /transactions) fetch them by key after the index query (ElectroDB `hydrate`).
 */
export const TRANSACTION_LIST_ATTRIBUTES = [
  'id',
  'account_id',
  'date',
  'amount',
  'name',
  'merchant_name',
  'pending',
  'personal_finance_category',
  'category_primary',
  'category_detailed',
  'category',
] as const;

export type IndexProjection = { type: 'ALL' } | { type: 'INCLUDE'; nonKeyAttributes: readonly string[] };

export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /**
   * Global secondary indexes; ElectroDB index names map to these. Each projects what its queries read
   * (docs/decisions.md, "Index projections"); an entity's pattern on an index declares the same
   * projection, so a query cannot ask for an attribute the index does not hold without `hydrate`.
   */
  globalIndexes: [
    // Planned items' lists read whole items, beside the small entities' whole-item reads.
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'ALL' } },
    {
      indexName: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      projection: { type: 'INCLUDE', nonKeyAttributes: TRANSACTION_LIST_ATTRIBUTES },
    },
    // The refresh sweep reads item ids; a bank's accounts are fetched by key.
    {
      indexName: 'gsi3',
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
      projection: { type: 'INCLUDE', nonKeyAttributes: ['id'] },
    },
  ] as const satisfies ReadonlyArray<{
    indexName: string;
    partitionKey: string;
    sortKey: string;
    projection: IndexProjection;
  }>,
  /** Epoch-seconds TTL attribute. DynamoDB Local never deletes expired items: reads filter on it too. */
  ttlAttribute: 'ttl',
} as const;

export const SERVICE_NAME = 'moneycal';
