export { useConsoleAccess, consoleAccessKey, type ConsoleAccess } from './useConsoleAccess';
export { JobStatusChip } from './JobStatusChip';
