/** Changes a tenant's sign-in experience through `PATCH /api/sign-in-exp` (servers started without a token check). */
export const patchSignInExperience = async (origin: string, tenantId: string, body: Record<string, unknown>) => {
  const response = await fetch(`${origin}/t/${tenantId}/api/sign-in-exp`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`PATCH /api/sign-in-exp answered ${response.status}: ${await response.text()}`);
  return response.json();
};
