import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api-client';
import { currentUserQueryKey } from './current-user-key';
import { clearToasts } from './notify';
import { markSigningOut } from './sign-out-marker';

/**
 * Ends the session on the server; whatever the answer, forgets the user locally, takes their toasts down and goes to
 * /login.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api.get('/auth/logout');
    } catch (error) {
      console.warn('Logout failed', error);
    }
    markSigningOut();
    clearToasts();
    navigate('/login', { replace: true });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    queryClient.setQueryData(currentUserQueryKey, null);
  }, [navigate, queryClient]);
}
