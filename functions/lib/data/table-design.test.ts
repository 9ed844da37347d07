// Each entity's pattern on an index declares the projection the table gives that index, so ElectroDB
// types a query's rows as what the index holds and a reader of anything more must hydrate by key.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createData } from './index.ts';
import { tableDesign } from './table-design.ts';

interface IndexModel {
  pk: { index?: string };
  projection?: 'all' | 'keys_only' | string[];
}

const data = createData({
  ddb: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' })),
  tableName: 'projections',
});

const patterns = Object.entries(data)
  .filter(([name]) => name !== 'service')
  .flatMap(([name, entity]) => {
    const { model, schema } = entity as unknown as {
      model: { indexes: Record<string, IndexModel> };
      schema: { attributes: Record<string, unknown> };
    };
    return Object.entries(model.indexes)
      .filter(([, index]) => index.pk.index)
      .map(([pattern, index]) => ({
        name: `${name}.${pattern}`,
        gsi: index.pk.index!,
        declared: index.projection,
        attributes: Object.keys(schema.attributes),
      }));
  });

describe('index projections', () => {
  it('every pattern on an index declares what that index holds of its entity', () => {
    const mismatched = patterns.flatMap((p) => {
      const index = tableDesign.globalIndexes.find((g) => g.indexName === p.gsi);
      if (!index) return [`${p.name}: no index ${p.gsi}`];
      const included: readonly string[] | null =
        index.projection.type === 'INCLUDE' ? index.projection.nonKeyAttributes : null;
      const expected = included ? p.attributes.filter((a) => included.includes(a)) : undefined;
      const declared = p.declared === 'all' ? undefined : p.declared;
      const want = expected && expected.length === 0 ? 'keys_only' : expected;
      const got = Array.isArray(declared) ? [...declared].sort() : declared;
      const wanted = Array.isArray(want) ? [...want].sort() : want;
      return JSON.stringify(got) === JSON.stringify(wanted)
        ? []
        : [`${p.name}: declares ${JSON.stringify(got)}, ${p.gsi} holds ${JSON.stringify(wanted)}`];
    });
    expect(mismatched).toEqual([]);
  });

  it('no index projects an attribute no entity on it declares', () => {
    for (const index of tableDesign.globalIndexes) {
      if (index.projection.type !== 'INCLUDE') continue;
      const declared = new Set(
        patterns
          .filter((p) => p.gsi === index.indexName && Array.isArray(p.declared))
          .flatMap((p) => p.declared as string[]),
      );
      expect(
        index.projection.nonKeyAttributes.filter((a) => !declared.has(a)),
        index.indexName,
      ).toEqual([]);
    }
  });
});
