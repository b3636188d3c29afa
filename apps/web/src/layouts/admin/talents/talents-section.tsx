import { Navigate, Route, Routes } from 'react-router-dom';
import { TalentCreatePage } from './talent-create-page.tsx';
import { TalentDetailPage } from './talent-detail-page.tsx';
import { TalentListPage } from './talent-list-page.tsx';

/** /talents (list), /talents/create and /talents/:talentId (detail with its tabs), docs/product-rules.md#admin-back-office. */
export function TalentsSection() {
  return (
    <Routes>
      <Route index element={<TalentListPage />} />
      <Route path="create" element={<TalentCreatePage />} />
      <Route path=":talentId" element={<TalentDetailPage />} />
      <Route path="*" element={<Navigate to="/talents" replace />} />
    </Routes>
  );
}
