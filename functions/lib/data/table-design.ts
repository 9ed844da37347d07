// The single DynamoDB table's key design, shared by the CDK data stack, the local bootstrap and the
// ElectroDB entities. Generic key names let every entity reuse the same indexes (see docs/data-model.md).
export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Global secondary indexes; ElectroDB index names map to these. All project every attribute. */
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  /** Epoch-seconds TTL attribute. DynamoDB Local never deletes expired items: reads filter on it too. */
  ttlAttribute: 'ttl',
} as const;

export const SERVICE_NAME = 'moneycal';
