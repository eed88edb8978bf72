import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';

/** Stands in for screens whose features have not landed yet (listings, swaps, profiles, admin). */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Page narrow className="max-w-xl">
      <Card className="text-center">
        <Construction className="mx-auto size-10 text-accent" aria-hidden />
        <h1 className="mt-3 text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-muted">This part of the marketplace is coming soon.</p>
        <Button asChild className="mt-6">
          <Link to="/">Back to Home</Link>
        </Button>
      </Card>
    </Page>
  );
}
