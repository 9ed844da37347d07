// The data layer's capacity meter (functions/lib/data/capacity-meter.ts) against DynamoDB Local: what the
// cost model and the scale run read. A write costs a unit per started KB (and its index copies), an
// eventually consistent read of a small item half a read unit, and calls that take no
// ReturnConsumedCapacity pass through untouched.
import { randomUUID } from 'node:crypto';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { meterCapacity } from '../../functions/lib/data/capacity-meter.ts';
import { createData } from '../../functions/lib/data/index.ts';
import { dynamoClient } from '../../local/bootstrap.ts';
import { cloud } from './helpers.ts';

function metered() {
  const { urls, tableName } = cloud();
  const ddb = DynamoDBDocumentClient.from(dynamoClient(urls.dynamodb), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return { ddb, meter: meterCapacity(ddb), data: createData({ ddb, tableName }), tableName };
}

describe('the capacity meter', () => {
  it('adds up the write and read units DynamoDB reports for each call', async () => {
    const { meter, data } = metered();
    const id = randomUUID();

    const written = await meter.measure(() =>
      data.profiles.create({ id, email: `${id}@example.com`, full_name: 'Meter Reader' }).go(),
    );
    const read = await meter.measure(() => data.profiles.get({ id }).go());
    const big = await meter.measure(() =>
      data.profiles
        .patch({ id })
        .set({ full_name: 'x'.repeat(3_000) })
        .go(),
    );

    // The person's record and its index copy: a unit each.
    expect(written.capacity).toMatchObject({ read: 0, calls: 1 });
    expect(written.capacity.write).toBeGreaterThanOrEqual(1);
    expect(read.capacity).toMatchObject({ read: 0.5, write: 0, calls: 1 });
    // An item over 3 KB costs a unit per started KB, in the table and in each index that copies it.
    expect(big.capacity.write).toBeGreaterThanOrEqual(written.capacity.write + 3);
    expect(meter.total()).toMatchObject({ calls: 3 });
    meter.reset();
    expect(meter.total()).toEqual({ read: 0, write: 0, calls: 0 });
  });

  it('leaves calls that take no ReturnConsumedCapacity alone', async () => {
    const { ddb, meter, tableName } = metered();
    const described = await ddb.send(new DescribeTableCommand({ TableName: tableName }));
    expect(described.Table?.TableName).toBe(tableName);
    expect(meter.total().calls).toBe(0);
  });
});
