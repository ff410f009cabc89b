import type {
  GenerateTokenResponse,
  oauthTokenResponseSchema,
  ProblemCode,
  ProblemDetails,
  RevokeTokenResponse,
  CreateVerificationRequest as ServerCreateRequest,
  FieldError as ServerFieldError,
  GenerateTokenInput as ServerGenerateInput,
  VerificationRequest as ServerRequest,
  VerificationRequestForIssuer as ServerRequestForIssuer,
  VerificationRequestStatus as ServerRequestStatus,
  TokenStatus as ServerTokenStatus,
  TokenStatusResponse,
  VerifyTokenResponse,
} from '@tanqin/shared';
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  AccessTokenResponse,
  CreateVerificationRequestInput,
  FieldError,
  GenerateTokenInput,
  GenerateTokenResult,
  Problem,
  RevokeTokenResult,
  SealedVerifyTokenResult,
  TanqinErrorCode,
  TokenStatus,
  TokenStatusResult,
  VerificationRequestForIssuerResult,
  VerificationRequestResult,
  VerificationRequestStatus,
  VerifyTokenResult,
} from './types.ts';

/*
 * The SDK writes its public types out (so the published package has no dependencies); these
 * checks, run by `tsc` (npm run typecheck), keep each one equal to the zod schema the server
 * validates a body with or serialises an answer through: a field added, removed or retyped on
 * either side fails the typecheck.
 */
describe('the SDK types match the server schemas', () => {
  it('accepts exactly the generate body the server validates', () => {
    expectTypeOf<GenerateTokenInput>().toExtend<ServerGenerateInput>();
    expectTypeOf<ServerGenerateInput>().toExtend<GenerateTokenInput>();
  });

  it('reads each answer of the token API as the server sends it', () => {
    expectTypeOf<GenerateTokenResult>().toEqualTypeOf<GenerateTokenResponse>();
    expectTypeOf<TokenStatusResult>().toEqualTypeOf<TokenStatusResponse>();
    expectTypeOf<RevokeTokenResult>().toEqualTypeOf<RevokeTokenResponse>();
    expectTypeOf<AccessTokenResponse>().toEqualTypeOf<z.infer<typeof oauthTokenResponseSchema>>();
    // The shared data: the SDK names JSON values its own way; each accepts the other's.
    type PlainVerify = Extract<VerifyTokenResponse, { data: unknown }>;
    expectTypeOf<VerifyTokenResult>().toExtend<PlainVerify>();
    expectTypeOf<PlainVerify>().toExtend<VerifyTokenResult>();
    expectTypeOf<keyof VerifyTokenResult>().toEqualTypeOf<keyof PlainVerify>();
    expectTypeOf<SealedVerifyTokenResult>().toEqualTypeOf<
      Extract<VerifyTokenResponse, { encryption: 'hpke' }>
    >();
  });

  it('asks for data and reads requests as the server validates and sends them', () => {
    expectTypeOf<CreateVerificationRequestInput>().toExtend<ServerCreateRequest>();
    expectTypeOf<ServerCreateRequest>().toExtend<CreateVerificationRequestInput>();
    expectTypeOf<VerificationRequestResult>().toEqualTypeOf<ServerRequest>();
    expectTypeOf<VerificationRequestForIssuerResult>().toEqualTypeOf<ServerRequestForIssuer>();
    expectTypeOf<VerificationRequestStatus>().toEqualTypeOf<ServerRequestStatus>();
  });

  it('reads a problem as the server sends it', () => {
    expectTypeOf<FieldError>().toEqualTypeOf<ServerFieldError>();
    expectTypeOf<Problem>().toExtend<ProblemDetails>();
    expectTypeOf<ProblemDetails>().toExtend<Problem>();
    expectTypeOf<keyof Problem>().toEqualTypeOf<keyof ProblemDetails>();
  });

  it('names the same token statuses and only problem codes the server has', () => {
    expectTypeOf<TokenStatus>().toEqualTypeOf<ServerTokenStatus>();
    expectTypeOf<TanqinErrorCode>().toExtend<ProblemCode>();
  });
});
