import { Navigate, Route, Routes } from 'react-router-dom';
import { ReactionDetailPage } from './reaction-detail-page.tsx';
import { ReactionListPage } from './reaction-list-page.tsx';

/** /reactions (list) and /reactions/{chatId}/{chatMessageId} (one rated message, docs/product-rules.md#admin-back-office). */
export function ReactionsSection() {
  return (
    <Routes>
      <Route index element={<ReactionListPage />} />
      <Route path=":chatId/:chatMessageId" element={<ReactionDetailPage />} />
      <Route path="*" element={<Navigate to="/reactions" replace />} />
    </Routes>
  );
}
