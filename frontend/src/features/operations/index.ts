export { useConsoleAccess, consoleAccessKey, type ConsoleAccess } from './useConsoleAccess';
