import type { CvUpload } from "../../db";
import { timestamp } from "../../http/response";
import type { CvType } from "./sniff-cv";

export function toApiCvUpload(cv: CvUpload) {
  return {
    id: cv.id,
    object: "cv_upload" as const,
    file_name: cv.fileName,
    content_type: cv.contentType as CvType,
    size: cv.size,
    status: cv.status,
    parse_error: cv.parseError,
    event_count: cv.eventCount,
    parsed_at: cv.parsedAt ? timestamp(cv.parsedAt) : null,
    created_at: timestamp(cv.createdAt),
  };
}
