// Placeholder until the error-reporting work lands (owned by the errors helper).
export function ErrorReportingConfig() {
  return null;
}
