import { Navigate, Route, Routes } from 'react-router-dom';
import { UserDetailPage } from './user-detail-page.tsx';
import { UserListPage } from './user-list-page.tsx';

/** /users (list) and /users/:userId (detail) (docs/product-rules.md#admin-back-office). */
export function UsersSection() {
  return (
    <Routes>
      <Route index element={<UserListPage />} />
      <Route path=":userId" element={<UserDetailPage />} />
      <Route path="*" element={<Navigate to="/users" replace />} />
    </Routes>
  );
}
