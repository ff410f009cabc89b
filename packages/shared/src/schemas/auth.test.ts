import { describe, expect, it } from 'vitest';
import { orgSignupSchema } from './auth.ts';

const valid = {
  name: 'وزارة',
  type: 'government',
  email: 'org@example.sa',
  contactPerson: 'أحمد',
  adminDetails: {
    firstName: 'أحمد',
    lastName: 'الغامدي',
    email: 'admin@example.sa',
    password: 'Passw0rdX',
    confirmPassword: 'Passw0rdX',
  },
};

const issuesOf = (input: unknown) =>
  orgSignupSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ??
  [];

describe('orgSignupSchema', () => {
  it('accepts a complete sign-up with optional phones left out', () => {
    expect(orgSignupSchema.safeParse(valid).success).toBe(true);
  });

  it('reports a password mismatch on confirmPassword even while other fields fail', () => {
    const issues = issuesOf({
      ...valid,
      name: '',
      adminDetails: { ...valid.adminDetails, password: 'abc', confirmPassword: 'abd' },
    });
    expect(issues).toContain('name:orgNameRequired');
    expect(issues).toContain('adminDetails.password:passwordMin');
    expect(issues).toContain('adminDetails.confirmPassword:passwordsMismatch');
  });

  it('uses the message keys for missing fields, not zod defaults', () => {
    const issues = issuesOf({ adminDetails: {} });
    expect(issues).toEqual(
      expect.arrayContaining([
        'name:orgNameRequired',
        'type:orgTypeRequired',
        'email:emailInvalid',
        'contactPerson:contactPersonRequired',
        'adminDetails.firstName:firstNameRequired',
        'adminDetails.lastName:lastNameRequired',
      ]),
    );
  });
});
