import { useCallback, useState } from 'react';
import { ApiError, downloadFromApi } from './api-client.ts';

/**
 * A file from the API saved by the browser (a PDF, a CSV), with the state a button needs:
 * busy while it downloads, and the server's reason (or `fallback`) when it cannot.
 */
export function useDownload(fallback: string) {
  const [isDownloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = useCallback(
    async (path: string) => {
      setDownloading(true);
      setError(null);
      try {
        await downloadFromApi(path);
      } catch (caught) {
        setError(caught instanceof ApiError ? caught.message : fallback);
      } finally {
        setDownloading(false);
      }
    },
    [fallback],
  );
  return { download, isDownloading, error };
}
