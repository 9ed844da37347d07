// Nothing reads the whole table: no IAM policy in any synthesized stack allows dynamodb:Scan, by name
// or through a wildcard (`dynamodb:*`, `dynamodb:Sc*`, `*`). The admin figures come from counters kept
// as records are written (docs/admin.md), so no role needs it.
import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { type Props, templateOf, testApp } from './test-app.ts';

/** Whether an IAM action pattern (wildcards `*` and `?`) matches dynamodb:Scan. */
function allowsScan(action: string): boolean {
  const pattern = new RegExp(
    `^${action
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    'i',
  );
  return pattern.test('dynamodb:Scan');
}

interface Statement {
  Effect?: string;
  Action?: string | string[];
}

/** Every Allow statement of every policy document in a template: policies, managed policies, roles' inline. */
function allowStatements(resources: Record<string, { Type: string; Properties?: Props }>): Statement[] {
  const documents: Props[] = [];
  for (const resource of Object.values(resources)) {
    const props = resource.Properties ?? {};
    if (resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy')
      documents.push(props.PolicyDocument);
    if (resource.Type === 'AWS::IAM::Role')
      for (const inline of (props.Policies ?? []) as Props[]) documents.push(inline.PolicyDocument);
  }
  return documents
    .flatMap((d) => (Array.isArray(d?.Statement) ? (d.Statement as Statement[]) : []))
    .filter((s) => s.Effect === 'Allow');
}

describe('no Scan anywhere', () => {
  it('the matcher catches dynamodb:Scan by name and by wildcard, and nothing else', () => {
    for (const yes of ['dynamodb:Scan', 'dynamodb:*', 'dynamodb:Sc*', 'DynamoDB:scan', '*', 'dynamodb:?can'])
      expect(allowsScan(yes), yes).toBe(true);
    for (const no of ['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:BatchGetItem', 'lambda:*', 's3:Scan'])
      expect(allowsScan(no), no).toBe(false);
  });

  it('no policy of any stack allows dynamodb:Scan', () => {
    const stacks = testApp().app.node.children.filter((c): c is Stack => Stack.isStack(c));
    expect(stacks.length).toBeGreaterThanOrEqual(5);
    let statements = 0;
    const found: string[] = [];
    for (const stack of stacks) {
      const resources = templateOf(stack).toJSON().Resources as Record<
        string,
        { Type: string; Properties?: Props }
      >;
      for (const statement of allowStatements(resources ?? {})) {
        statements += 1;
        const actions = [statement.Action ?? []].flat();
        for (const action of actions.filter(allowsScan)) found.push(`${stack.stackName}: ${action}`);
      }
    }
    // The table's own grants are among them (read and read/write), so the check has something to read.
    expect(statements).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
