import { BackLink } from "../components/BackLink.tsx";
import { pages } from "../content/index.ts";
import { ServiceView } from "../views/ServiceView.tsx";
import type { PageProps } from "./props.ts";

/** /services/{slug}: one service's page, entirely from its file in content/services/. */
export function ServicePage({ route }: PageProps<"service">) {
  const overview = route.trail.at(-2);
  return (
    <ServiceView
      service={route.params.service}
      route={route}
      backLink={overview && <BackLink to={overview} label={pages.services.backLinkLabel} />}
    />
  );
}
