// The server suites' node environment: jest's, in a V8 context whose global object is an ordinary one.
// jest runs each test file in a context of its own made by `vm.createContext()`, whose global object forwards
// every property access to a sandbox object through interceptors: V8 then looks each global up through a call
// into Node (~0.1 µs), where in an ordinary context it reads a cached cell. Every `Math.round`, `Object.keys` or
// `Array.isArray` in the server's code and its packages pays that, and the image and OCR code's pixel loops ran
// some forty times slower than under Node. A context made with `vm.constants.DONT_CONTEXTIFY` has an ordinary
// global object, which jest fills with the same globals; its fake timers replace `Date` and `setTimeout` on it
// as before.
import vm from 'node:vm';
import { TestEnvironment } from 'jest-environment-node';

export default class ServerTestEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    // jest's environment makes its context in its constructor with `vm.createContext()`: for that call only,
    // the context is made without a sandbox (the object returned is the new context's global object itself).
    const createContext = vm.createContext;
    vm.createContext = (() => createContext(vm.constants.DONT_CONTEXTIFY)) as typeof vm.createContext;
    try {
      super(...args);
    } finally {
      vm.createContext = createContext;
    }
  }
}
