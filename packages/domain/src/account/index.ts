export {
  type DataExportStatus,
  type DataExportView,
  dataExportDownloadPath,
  dataExportFileFor,
  dataExportLifetimeMs,
  failDataExport,
  listDataExports,
  type ProduceDataExportDeps,
  produceDataExport,
  removeExpiredDataExports,
  requestDataExport,
} from './data-export.ts';
export { type DeletedAccount, deleteAccount, deletedReporter, deletedTwinName } from './delete-account.ts';
export { type ExportContent, gatherExportContent } from './export-content.ts';
