import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { IncomingFile } from "./upload-store";

/**
 * A form posted as multipart/form-data (a screen with a file field, with or without JavaScript):
 * its fields as a urlencoded body would give them, and its files by field name. Files are read
 * up to the size limit and then only counted (`truncated`), so a resident who picked a 50 MB
 * video is told so instead of waiting for it to arrive.
 */
export interface MultipartBody {
  fields: URLSearchParams;
  files: (IncomingFile & { field: string })[];
}

export interface MultipartLimits {
  /** Bytes kept of each file; one byte more marks it too large. */
  fileBytes: number;
  /** Files read; more are ignored (the form says how many it takes). */
  files: number;
  /** Bytes of all the ordinary fields together. */
  fieldBytes: number;
}

/** Null for a body no form of ours sends (broken, or fields too large). */
export async function readMultipart(
  request: Request,
  limits: MultipartLimits,
): Promise<MultipartBody | null> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !contentType.startsWith("multipart/form-data")) return null;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: limits.fileBytes, files: limits.files, fieldSize: limits.fieldBytes, fields: 500 },
      defParamCharset: "utf8",
    });
  } catch {
    return null;
  }
  const fields = new URLSearchParams();
  const files: MultipartBody["files"] = [];
  let fieldBytes = 0;
  let tooLarge = false;

  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value, info) => {
      fieldBytes += name.length + value.length;
      if (info.valueTruncated || fieldBytes > limits.fieldBytes) tooLarge = true;
      else fields.append(name, value);
    });
    parser.on("file", (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        // A file input left empty still posts a part, with no name and no bytes.
        if (info.filename || bytes.length > 0)
          files.push({ field, name: info.filename ?? "", bytes, truncated: stream.truncated === true });
      });
    });
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  try {
    Readable.fromWeb(request.body as WebReadableStream<Uint8Array>).pipe(parser);
    await done;
  } catch {
    return null;
  }
  return tooLarge ? null : { fields, files };
}
