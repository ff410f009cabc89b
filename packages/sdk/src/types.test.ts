import type {
  ProblemCode,
  GenerateTokenInput as ServerGenerateInput,
  TokenStatus as ServerTokenStatus,
} from '@tanqin/shared';
import { describe, expectTypeOf, it } from 'vitest';
import type { GenerateTokenInput, TanqinErrorCode, TokenStatus } from './types.ts';

// The SDK writes its public types out (so it has no dependencies); these checks, run by
// `tsc`, keep them equal to the schemas the server validates with.
describe('the SDK types match the server', () => {
  it('accepts exactly the generate body the server validates', () => {
    expectTypeOf<GenerateTokenInput>().toExtend<ServerGenerateInput>();
    expectTypeOf<ServerGenerateInput>().toExtend<GenerateTokenInput>();
  });

  it('names the same token statuses and only problem codes the server has', () => {
    expectTypeOf<TokenStatus>().toEqualTypeOf<ServerTokenStatus>();
    expectTypeOf<TanqinErrorCode>().toExtend<ProblemCode>();
  });
});
