import type { RecordingSettings } from "../server/served/compile-served-config";
import { recordingFileName } from "./recording-file-name";
import { writeFileAtomically } from "./write-file-atomically";

/**
 * Writes one exchange's file (`formatExchangeFile`'s text) into `server.record_dir`. Never rejects: a failure
 * goes to `onWriteFailure`, never to the client, which already has its answer.
 */
export async function saveRecording(
  settings: RecordingSettings,
  file: { readonly receivedAt: Date; readonly requestId: string; readonly text: string },
  onWriteFailure: (reason: string) => void,
): Promise<void> {
  try {
    await writeFileAtomically(settings.dir, recordingFileName(file.receivedAt, file.requestId), file.text);
  } catch (error) {
    onWriteFailure(error instanceof Error ? error.message : String(error));
  }
}
