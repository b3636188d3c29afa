import { Navigate, Route, Routes } from 'react-router-dom';
import { UserDetailPage } from './user-detail-page.tsx';
import { UserListPage } from './user-list-page.tsx';

/** /users (list) and /users/:userId (detail) (spec 2.5). */
export function UsersSection() {
  return (
    <Routes>
      <Route index element={<UserListPage />} />
      <Route path=":userId" element={<UserDetailPage />} />
      <Route path="*" element={<Navigate to="/users" replace />} />
    </Routes>
  );
}
