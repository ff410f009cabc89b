/** The settings screens' cache entries, under the organisation they belong to. */
export const settingsKeys = {
  organization: (organizationId: string) => ['organizations', organizationId] as const,
  members: (organizationId: string) => ['organizations', organizationId, 'members'] as const,
  encryptionKey: (organizationId: string) =>
    ['organizations', organizationId, 'encryption-key'] as const,
};

export const organizationPath = (organizationId: string) =>
  `/api/v1/organizations/${encodeURIComponent(organizationId)}`;
