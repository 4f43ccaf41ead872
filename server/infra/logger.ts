// What services log through: pino (app.log / request.log) fits, and so does the console fallback
// that background work uses when no request or app logger is at hand.

export interface ServiceLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const consoleLogger: ServiceLogger = {
  info: (details, message) => console.info(message, details),
  error: (details, message) => console.error(message, details),
};
