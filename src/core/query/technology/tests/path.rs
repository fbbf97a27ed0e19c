//! Path signs: the files a technology is known by, at any depth, and near misses.

use super::*;

#[test]
fn technologies_of_touched_paths() {
    let cases: &[(&str, &[&str])] = &[
        ("next.config.mjs", &["nextjs"]),
        ("frontends/atlas/next.config.js", &["nextjs"]),
        ("app/(marketing)/pricing/page.jsx", &["nextjs"]),
        ("src/app/trips/[tripId]/itinerary/page.tsx", &["nextjs"]),
        ("app/api/webhooks/tide/route.js", &["nextjs"]),
        ("pages/_document.tsx", &["nextjs"]),
        ("D:\\code\\atlas\\next.config.ts", &["nextjs"]),
        ("src/widgets/page.tsx", &[]),
        ("deploy/network.bicep", &["bicep"]),
        ("envs/staging.tfvars", &["terraform"]),
        ("Assets/Gameplay/Enemies/Drone.cs", &["unity"]),
        ("assets/gameplay/drone.ts", &[]),
        ("src/Marketplace.sol", &["solidity"]),
        ("test/Marketplace.t.sol", &["solidity", "foundry"]),
        ("programs/lottery/src/lib.rs", &["solana"]),
        ("programs/staking/src/state/pool.rs", &["solana"]),
        ("Anchor.toml", &["solana"]),
        ("crates/programs/lib.rs", &[]),
        ("programs/lottery/tests/draw.ts", &[]),
        ("nest-cli.json", &["nestjs"]),
        (
            "src/routes/harbour/[slug]/+page.svelte",
            &["svelte", "sveltekit"],
        ),
        ("src/lib/TideChart.svelte", &["svelte"]),
        ("alembic/versions/9f2c_add_moorings.py", &["alembic"]),
        ("alembic.ini", &["alembic"]),
        ("manage.py", &["django"]),
        ("marina/migrations/0012_berth_length.py", &["django"]),
        ("Gemfile", &[]),
        ("config/routes.rb", &["rails"]),
        ("services/billing/config/routes.rb", &["rails"]),
        ("src/Kiosk/Kiosk.csproj", &[]),
        ("tools/Importer/Program.cs", &[]),
        ("src/Persistence/HarbourDbContext.cs", &["entity-framework"]),
        (".github/workflows/nightly-backup.yaml", &["github-actions"]),
        ("k8s/tides/cronjob.yml", &["kubernetes"]),
        ("deploy/charts/tides/Chart.yaml", &["helm"]),
        ("services/ingest/Dockerfile", &["docker"]),
        ("docker/Dockerfile.worker", &["docker"]),
        ("compose.yml", &["docker"]),
        ("src/views/BerthList.vue", &["vue"]),
        ("nuxt.config.js", &["nuxt"]),
        ("angular.json", &["angular"]),
        ("src/app/berths/berth-card.component.ts", &["angular"]),
        ("ControlManifest.Input.xml", &["power-apps-pcf"]),
        ("packages/db/prisma/schema.prisma", &["prisma"]),
        ("supabase/migrations/20250301_moorings.sql", &["supabase"]),
        ("services/api/tests/conftest.py", &["pytest"]),
        ("dvc.yaml", &["dvc"]),
        ("project.godot", &["godot"]),
        ("CONTRIBUTING.md", &[]),
        ("nextjs.config.js", &[]),
        ("src/lib/pages.ts", &[]),
        ("", &[]),
        ("/", &[]),
    ];
    let t = table();
    for (path, expected) in cases {
        assert_eq!(t.for_path(path), strings(expected), "{path}");
    }
}

#[test]
fn file_signs_parse_or_say_what_is_wrong() {
    for good in [
        "next.config.*",
        "app/**/layout.{tsx,jsx}",
        "**/*.bicepparam",
        "./Resources/**",
        "+layout.svelte",
    ] {
        assert_eq!(check_file_sign(good), Ok(()), "{good}");
    }
    for bad in [
        "",
        "/abs/path",
        "src/[ab].ts",
        "a/../b",
        "a//b",
        "x{a,b",
        "a**b/c",
        "{a,{b}}",
    ] {
        assert!(check_file_sign(bad).is_err(), "{bad:?} accepted");
    }
}
