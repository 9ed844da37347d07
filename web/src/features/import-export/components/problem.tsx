// A failed call said in the person's words: the server's message, and each line and field it named.
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';

export function Problem({ error, title }: { error: unknown; title: string }) {
  if (!error) return null;
  const issues = error instanceof ApiError ? error.issues : [];
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert title={title}>
      {issues.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5">
          {issues.map((issue) => (
            <li key={`${issue.field}:${issue.message}`}>
              <span className="font-medium">{issue.field === 'file' ? 'File' : issue.field}</span>:{' '}
              {issue.message}
            </li>
          ))}
        </ul>
      ) : (
        <p>{message}</p>
      )}
    </Alert>
  );
}
