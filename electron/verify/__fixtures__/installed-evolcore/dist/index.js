// The package's entry point: the engine is elsewhere (Verify finds it by its file name).
export const version = '0.0.27';
