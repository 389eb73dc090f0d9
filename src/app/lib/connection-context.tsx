import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { apiClient, type ApiClient } from './api-client.js';
import { loadConnection, saveConnection, type Connection } from './connection.js';

interface ConnectionState {
  connection: Connection;
  client: ApiClient;
  setConnection(next: Connection): void;
}

const ConnectionContext = createContext<ConnectionState | null>(null);

export function ConnectionProvider({ children }: { children: ReactNode }) {
  const [connection, setState] = useState(loadConnection);
  const value = useMemo<ConnectionState>(
    () => ({
      connection,
      client: apiClient(connection),
      setConnection(next) {
        saveConnection(next);
        setState(next);
      },
    }),
    [connection],
  );
  return <ConnectionContext.Provider value={value}>{children}</ConnectionContext.Provider>;
}

/** The current connection and the typed client built for it. */
export function useConnection(): ConnectionState {
  const state = useContext(ConnectionContext);
  if (!state) throw new Error('useConnection outside ConnectionProvider');
  return state;
}

/**
 * A fixed connection for part of the page (a share link's view): everything inside reads through
 * it, and nothing inside can switch it.
 */
export function ConnectionOverride({ connection, children }: { connection: Connection; children: ReactNode }) {
  const value = useMemo<ConnectionState>(
    () => ({ connection, client: apiClient(connection), setConnection: () => undefined }),
    [connection],
  );
  return <ConnectionContext.Provider value={value}>{children}</ConnectionContext.Provider>;
}
