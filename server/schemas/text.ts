// The free-text schemas moved into the wire contract (src/api/contract/text.ts); kept here as a
// re-export so server code written against this path keeps compiling.
export * from '../../src/api/contract/text';
