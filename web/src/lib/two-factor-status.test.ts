import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient } from './react-query.ts';
import { resetQueriesRefusedForSecondFactor } from './two-factor-status.ts';

const refused = () =>
  new ApiError('Two-factor authentication is required', { status: 403, code: 'two_factor_required' });

async function failWith(queryClient: ReturnType<typeof createQueryClient>, key: string, error: Error) {
  await queryClient
    .fetchQuery({ queryKey: [key], queryFn: () => Promise.reject(error), retry: false })
    .catch(() => undefined);
}

describe('resetQueriesRefusedForSecondFactor', () => {
  it('forgets what the API refused for want of the second factor, and only that', async () => {
    // Prepare: the profile list refused before the code; another refusal; a query with data.
    const queryClient = createQueryClient();
    await failWith(queryClient, 'financial-profiles', refused());
    await failWith(queryClient, 'accounts', new ApiError('No data found', { status: 404 }));
    queryClient.setQueryData(['user-profile'], { id: 'u1' });

    // Act
    await resetQueriesRefusedForSecondFactor(queryClient);

    // Assess: the refused one is back to its first load (no error for a screen to show).
    const profiles = queryClient.getQueryState(['financial-profiles']);
    expect(profiles?.status).toBe('pending');
    expect(profiles?.error).toBeNull();
    expect(queryClient.getQueryState(['accounts'])?.status).toBe('error');
    expect(queryClient.getQueryData(['user-profile'])).toEqual({ id: 'u1' });
  });
});
