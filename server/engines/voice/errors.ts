/** Unreadable audio: corrupt, truncated, or a codec the decoder cannot handle (→ 400 invalid_audio). */
export class InvalidAudioError extends Error {
  override name = 'InvalidAudioError';
}

/** A file with a video stream, or a container other than WAV, FLAC, OGG, MP3, M4A, AAC (→ 400 invalid_payload). */
export class UnsupportedMediaError extends Error {
  override name = 'UnsupportedMediaError';
}
