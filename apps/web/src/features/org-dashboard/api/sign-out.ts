import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { clearToken } from '../../../lib/session.ts';

/**
 * Ends the session on the server (its failure does not keep anyone signed in), forgets the
 * organisation token and every cached answer, and goes home.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const hasSignedOut = useRef(false);

  // The cache is cleared once the dashboard is gone: clearing it under mounted queries would
  // make them fetch again without a token, and a 401 there sends the user to sign in.
  useEffect(
    () => () => {
      if (hasSignedOut.current) queryClient.clear();
    },
    [queryClient],
  );

  const signOut = async () => {
    setIsSigningOut(true);
    // A call still in flight would come back 401 once the session ends.
    await queryClient.cancelQueries();
    try {
      await apiRequest('/api/v1/auth/logout', { method: 'POST' });
    } catch {
      // Signing out locally is what matters; the refresh cookie expires on its own.
    }
    clearToken('org');
    hasSignedOut.current = true;
    await navigate('/', { replace: true });
  };

  return { signOut, isSigningOut };
}
