//! Platforms: clouds and their serverless runtimes, infrastructure as code, containers and
//! CI, observability, hosted services, and low-code platforms.

use super::super::super::language::Word::{Any, Cased};
use super::super::Package::{Crate, Docker, Gem, Go, Maven, Npm, NuGet, PyPI};
use super::{NONE, Technology};

#[rustfmt::skip]
pub(super) static PLATFORMS: &[Technology] = &[
    Technology {
        name: "azure",
        words: &[
            Any("azure"), Any("microsoft azure"), Any("azure ai foundry"), Any("ai foundry"),
            Any("microsoft foundry"),
        ],
        files: &["azure.yaml"],
        imports: &["azure", "@azure", "Azure", "com.azure", "github.com/Azure/azure-sdk-for-go"],
        identifiers: &["azurerm", "azapi"],
        commands: &["az", "azd"],
        packages: &[
            PyPI("azure-*"), Npm("@azure/*"), NuGet("Azure.*"), NuGet("Microsoft.Azure.*"),
            Maven("com.azure:*"), Go("github.com/Azure/azure-sdk-for-go"),
        ],
        ..NONE
    },
    Technology {
        name: "azure-functions",
        words: &[Any("azure functions"), Any("azure function"), Any("durable functions")],
        implies: &["azure"],
        files: &["host.json", "function.json", "local.settings.json"],
        imports: &[
            "azure.functions", "Microsoft.Azure.Functions", "Microsoft.Azure.WebJobs",
            "@azure/functions", "com.microsoft.azure.functions",
        ],
        commands: &["func"],
        packages: &[
            NuGet("Microsoft.Azure.Functions*"), NuGet("Microsoft.Azure.WebJobs*"),
            Npm("@azure/functions"), PyPI("azure-functions"), Maven("com.microsoft.azure.functions:*"),
        ],
        ..NONE
    },
    Technology {
        name: "bicep",
        words: &[Any("bicep"), Any("azure bicep")],
        implies: &["azure"],
        files: &["*.bicep", "*.bicepparam", "bicepconfig.json"],
        commands: &["bicep", "az bicep"],
        ..NONE
    },
    Technology {
        name: "azure-devops",
        words: &[Any("azure devops"), Any("azure pipelines"), Any("azure-pipelines")],
        languages: &["yaml"],
        files: &["azure-pipelines.{yml,yaml}", ".azure-pipelines/**", ".azuredevops/**"],
        commands: &["az pipelines", "az devops", "az repos"],
        ..NONE
    },
    Technology {
        name: "aws",
        words: &[Any("aws"), Any("amazon web services")],
        imports: &[
            "boto3", "botocore", "@aws-sdk", "aws-sdk", "com.amazonaws", "software.amazon.awssdk",
            "github.com/aws/aws-sdk-go", "github.com/aws/aws-sdk-go-v2", "Amazon", "aws_sdk_*",
            "aws_config",
        ],
        commands: &["aws", "sam"],
        packages: &[
            PyPI("boto3"), PyPI("botocore"), PyPI("aiobotocore"), Npm("@aws-sdk/*"), Npm("aws-sdk"),
            Go("github.com/aws/aws-sdk-go"), Go("github.com/aws/aws-sdk-go-v2"), Crate("aws-sdk-*"),
            Crate("aws-config"), NuGet("AWSSDK.*"), Maven("software.amazon.awssdk:*"),
            Maven("com.amazonaws:*"), Gem("aws-sdk-*"),
        ],
        ..NONE
    },
    Technology {
        name: "aws-cdk",
        words: &[Any("aws cdk"), Any("cdk")],
        implies: &["aws"],
        files: &["cdk.json"],
        imports: &["aws-cdk-lib", "aws_cdk", "github.com/aws/aws-cdk-go"],
        commands: &["cdk"],
        packages: &[Npm("aws-cdk-lib"), Npm("aws-cdk"), PyPI("aws-cdk-lib"), Go("github.com/aws/aws-cdk-go")],
        ..NONE
    },
    Technology {
        name: "aws-lambda",
        words: &[Any("aws lambda"), Any("aws-lambda")],
        implies: &["aws"],
        files: &["samconfig.toml"],
        imports: &[
            "aws-lambda", "aws_lambda_powertools", "github.com/aws/aws-lambda-go", "Amazon.Lambda",
            "com.amazonaws.services.lambda", "lambda_runtime",
        ],
        identifiers: &["lambda_handler"],
        packages: &[
            Npm("@types/aws-lambda"), PyPI("aws-lambda-powertools"), Go("github.com/aws/aws-lambda-go"),
            Crate("lambda_runtime"), NuGet("Amazon.Lambda.*"), Maven("com.amazonaws:aws-lambda-java-*"),
        ],
        ..NONE
    },
    Technology {
        name: "serverless",
        words: &[Any("serverless framework"), Any("serverless.yml")],
        files: &["serverless.yml", "serverless.yaml", "serverless.ts"],
        commands: &["serverless", "sls"],
        packages: &[Npm("serverless"), Npm("serverless-*")],
        ..NONE
    },
    Technology {
        name: "google-cloud",
        words: &[Any("gcp"), Any("google cloud"), Any("google cloud platform")],
        imports: &["google.cloud", "@google-cloud", "cloud.google.com/go", "com.google.cloud"],
        commands: &["gcloud", "gsutil", "bq"],
        packages: &[
            PyPI("google-cloud-*"), Npm("@google-cloud/*"), Go("cloud.google.com/go"),
            Maven("com.google.cloud:*"),
        ],
        ..NONE
    },
    Technology {
        name: "terraform",
        words: &[Any("terraform"), Any("opentofu"), Any("terragrunt"), Any("cdktf")],
        languages: &["terraform"],
        files: &[
            "*.tf", "*.tfvars", "*.tf.json", ".terraform.lock.hcl", ".terraform-version",
            "terragrunt.hcl",
        ],
        commands: &["terraform", "tofu", "terragrunt", "tflint", "cdktf"],
        packages: &[Npm("cdktf"), PyPI("cdktf")],
        ..NONE
    },
    Technology {
        name: "pulumi",
        words: &[Any("pulumi")],
        files: &["Pulumi.yaml", "Pulumi.*.yaml"],
        imports: &["@pulumi", "pulumi", "pulumi_*", "github.com/pulumi/pulumi", "Pulumi"],
        commands: &["pulumi"],
        packages: &[Npm("@pulumi/*"), PyPI("pulumi"), PyPI("pulumi-*"), Go("github.com/pulumi/pulumi"), NuGet("Pulumi*")],
        ..NONE
    },
    Technology {
        name: "ansible",
        words: &[Any("ansible")],
        languages: &["yaml"],
        files: &[
            "ansible.cfg", "playbook.{yml,yaml}", "playbooks/**/*.{yml,yaml}",
            "roles/*/tasks/*.{yml,yaml}",
        ],
        commands: &["ansible", "ansible-*"],
        packages: &[PyPI("ansible"), PyPI("ansible-core")],
        ..NONE
    },
    Technology {
        name: "docker",
        words: &[Any("docker"), Any("dockerfile"), Any("docker compose"), Any("containerfile")],
        languages: &["docker"],
        files: &[
            "Dockerfile", "Dockerfile.*", "*.dockerfile", "Containerfile", "docker-compose.*",
            "compose.{yml,yaml}", ".dockerignore",
        ],
        commands: &["docker", "docker-compose"],
        ..NONE
    },
    Technology {
        name: "kubernetes",
        words: &[Any("kubernetes"), Any("k8s"), Any("kubectl"), Any("kustomize")],
        languages: &["kubernetes", "yaml"],
        files: &["kustomization.{yaml,yml}", "k8s/**/*.{yaml,yml}", "kubernetes/**/*.{yaml,yml}"],
        imports: &[
            "k8s.io/client-go", "sigs.k8s.io/controller-runtime", "kubernetes",
            "@kubernetes/client-node", "io.fabric8", "io.kubernetes",
        ],
        commands: &["kubectl", "kustomize", "minikube", "kind", "k9s", "kubectx", "kubens"],
        packages: &[
            Go("k8s.io/client-go"), Go("sigs.k8s.io/controller-runtime"), PyPI("kubernetes"),
            Npm("@kubernetes/client-node"),
        ],
        ..NONE
    },
    Technology {
        name: "helm",
        words: &[Any("helm"), Any("helm chart"), Any("helm charts"), Any("helmfile")],
        languages: &["kubernetes", "yaml"],
        implies: &["kubernetes"],
        files: &["Chart.yaml", "helmfile.yaml", "_helpers.tpl", "values.schema.json"],
        commands: &["helm", "helmfile"],
        ..NONE
    },
    Technology {
        name: "github-actions",
        words: &[Any("github actions"), Any("github action"), Any("github workflow"), Any("github workflows")],
        languages: &["github-actions", "yaml"],
        files: &[".github/workflows/*.{yml,yaml}", ".github/actions/**", "action.{yml,yaml}"],
        imports: &["@actions"],
        commands: &["act"],
        packages: &[Npm("@actions/*")],
        ..NONE
    },
    Technology {
        name: "gitlab-ci",
        words: &[Any("gitlab ci"), Any("gitlab-ci"), Any("gitlab pipelines"), Any("gitlab ci cd")],
        languages: &["yaml"],
        files: &[".gitlab-ci.yml", ".gitlab/ci/**"],
        ..NONE
    },
    Technology {
        name: "jenkins",
        words: &[Any("jenkins"), Any("jenkinsfile")],
        files: &["Jenkinsfile", "Jenkinsfile.*"],
        ..NONE
    },
    Technology {
        name: "circleci",
        words: &[Any("circleci")],
        languages: &["yaml"],
        files: &[".circleci/config.yml"],
        ..NONE
    },
    Technology {
        name: "nginx",
        words: &[Any("nginx")],
        files: &["nginx.conf", "*.nginx", "nginx/**/*.conf"],
        commands: &["nginx"],
        packages: &[Docker("nginx")],
        ..NONE
    },
    Technology {
        name: "prometheus",
        words: &[Cased("Prometheus"), Any("promql")],
        files: &["prometheus.yml"],
        imports: &["prometheus_client", "github.com/prometheus/client_golang", "prom-client"],
        packages: &[
            PyPI("prometheus-client"), Go("github.com/prometheus/client_golang"), Npm("prom-client"),
            Docker("prom/prometheus"),
        ],
        ..NONE
    },
    Technology {
        name: "grafana",
        words: &[Any("grafana")],
        packages: &[Docker("grafana/grafana")],
        ..NONE
    },
    Technology {
        name: "opentelemetry",
        words: &[Any("opentelemetry"), Any("otel")],
        imports: &["opentelemetry", "@opentelemetry", "go.opentelemetry.io/otel", "io.opentelemetry", "OpenTelemetry"],
        packages: &[
            PyPI("opentelemetry-*"), Npm("@opentelemetry/*"), Go("go.opentelemetry.io/otel"),
            Maven("io.opentelemetry*"), NuGet("OpenTelemetry*"), Crate("opentelemetry"),
        ],
        ..NONE
    },
    Technology {
        name: "sentry",
        words: &[Any("sentry")],
        imports: &["sentry_sdk", "@sentry"],
        packages: &[PyPI("sentry-sdk"), Npm("@sentry/*"), Gem("sentry-ruby"), NuGet("Sentry*")],
        ..NONE
    },
    Technology {
        name: "stripe",
        words: &[Any("stripe")],
        imports: &["stripe", "@stripe", "github.com/stripe/stripe-go"],
        packages: &[PyPI("stripe"), Npm("stripe"), Npm("@stripe/*"), Gem("stripe"), Go("github.com/stripe/stripe-go")],
        ..NONE
    },
    Technology {
        name: "shopify",
        words: &[Any("shopify")],
        files: &["shopify.app.toml", "shopify.theme.toml"],
        imports: &["@shopify"],
        commands: &["shopify"],
        packages: &[Npm("@shopify/*"), Gem("shopify_api")],
        ..NONE
    },
    Technology {
        name: "salesforce",
        words: &[Any("salesforce"), Any("lwc"), Any("lightning web components"), Any("sfdx")],
        files: &["sfdx-project.json", "force-app/**"],
        imports: &["lwc", "@salesforce"],
        identifiers: &["LightningElement"],
        commands: &["sf", "sfdx"],
        packages: &[Npm("@salesforce/*")],
        ..NONE
    },
    Technology {
        name: "power-apps",
        words: &[
            Any("power apps"), Any("powerapps"), Any("canvas app"), Any("canvas apps"),
            Any("power fx"), Any("powerfx"), Any("model-driven app"), Any("model-driven apps"),
        ],
        files: &["*.pa.yaml", "*.msapp", "*.fx.yaml"],
        commands: &["pac", "pac canvas"],
        ..NONE
    },
    Technology {
        name: "power-apps-pcf",
        words: &[
            Any("pcf"), Any("power apps component framework"), Any("powerapps component framework"),
            Any("pcf control"), Any("pcf controls"),
        ],
        languages: &["typescript", "javascript"],
        implies: &["power-apps"],
        files: &["ControlManifest.Input.xml", "*.pcfproj", "pcfconfig.json"],
        identifiers: &["ComponentFramework."],
        commands: &["pac pcf"],
        packages: &[Npm("pcf-scripts"), Npm("pcf-start")],
        ..NONE
    },
    Technology {
        name: "dataverse",
        words: &[Any("dataverse"), Any("common data service")],
        files: &["*.cdsproj"],
        imports: &["Microsoft.PowerPlatform.Dataverse", "Microsoft.Xrm.Sdk", "PowerPlatform.Dataverse"],
        identifiers: &["IOrganizationService"],
        commands: &["pac solution"],
        packages: &[
            NuGet("Microsoft.PowerPlatform.Dataverse*"), NuGet("Microsoft.CrmSdk*"),
            PyPI("powerplatform-dataverse-client"),
        ],
        ..NONE
    },
    Technology {
        name: "power-automate",
        words: &[Any("power automate"), Any("microsoft flow")],
        ..NONE
    },
    Technology {
        name: "power-bi",
        words: &[Any("power bi"), Any("powerbi")],
        files: &["*.pbix", "*.pbip", "pbiviz.json"],
        commands: &["pbiviz"],
        packages: &[Npm("powerbi-visuals-api"), Npm("powerbi-visuals-tools"), Npm("powerbi-client")],
        ..NONE
    },
];
