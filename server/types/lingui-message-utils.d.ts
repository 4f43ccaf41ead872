// The server resolves modules the Node10 way, which does not read a package's "exports" map, where
// @lingui/message-utils keeps the types of its compileMessage entry: the same types, by their file.
declare module '@lingui/message-utils/compileMessage' {
  export * from '@lingui/message-utils/dist/compileMessage';
}
