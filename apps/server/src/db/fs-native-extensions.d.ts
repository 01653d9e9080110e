// The package ships no types; only the call the data-directory lock uses.
declare module 'fs-native-extensions' {
  /** A non-blocking exclusive lock on an open file; false when another holder has it. */
  export function tryLock(fd: number): boolean;
}
