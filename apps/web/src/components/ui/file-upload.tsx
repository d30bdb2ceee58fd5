import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { uploadFile, type UploadedFile } from '../../lib/collection-store.ts';

export interface FileUploadProps {
  label: string;
  /** What the file chooser offers, e.g. "image/png,image/jpeg,image/webp". */
  accept?: string;
  configs?: Record<string, unknown>;
  onUploaded: (file: UploadedFile) => void | Promise<void>;
}

/** One file to the project's storage, with a progress bar, a way to cancel, and the server's reason when refused. */
export function FileUpload({ label, accept, configs, onUploaded }: FileUploadProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    controller.current = new AbortController();
    try {
      const uploaded = await uploadFile({ file, configs, onProgress: setProgress, signal: controller.current.signal });
      await onUploaded(uploaded);
    } catch (caught) {
      setError(
        caught instanceof DOMException && caught.name === 'AbortError'
          ? 'The upload was cancelled.'
          : (caught as Error).message,
      );
    } finally {
      setProgress(null);
      controller.current = null;
    }
  };

  return (
    <Stack gap="xs">
      <Group>
        <FileButton onChange={(file) => void start(file)} accept={accept}>
          {(props) => (
            <Button variant="default" disabled={progress !== null} {...props}>
              {label}
            </Button>
          )}
        </FileButton>
        {progress !== null && (
          <Button variant="subtle" color="gray" onClick={() => controller.current?.abort()}>
            Cancel
          </Button>
        )}
      </Group>
      {progress !== null && (
        <Stack gap={4}>
          <Progress
            value={Math.round(progress * 100)}
            aria-label="Upload progress"
            data-testid="upload-progress"
            animated
          />
          <Text size="xs" c="dimmed">
            {Math.round(progress * 100)} %
          </Text>
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
